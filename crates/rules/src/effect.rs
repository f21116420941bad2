//! Card effects part-way through resolution, and the board operations they
//! are built from (move, leap, destroy, place, upgrade, downgrade, convert).
//!
//! An effect is a small state machine: a card's `Script` has an `ask`
//! function that lists the legal choices of the current step (or says the
//! step runs by itself, or that the effect is over) and an `apply` function
//! that carries out one choice and advances the [`Resolution`]. The
//! resolution is plain data in the game state, so a game can be cloned,
//! compared, saved and shown in the middle of an effect.
//!
//! The engine drives the machine: a step with no legal choice, or whose only
//! choice is [`Choice::Skip`], is applied with `Skip` at once (a part that
//! cannot be done is skipped; an optional part with nothing to do is not
//! asked about).

use serde::{Deserialize, Serialize};

use crate::board::{Color, Piece, Rank};
use crate::cards::CardId;
use crate::choice::Choice;
use crate::event::{Event, MoveHow};
use crate::game::Game;
use crate::geometry::{Bitboard, Dir, Orientation, Square, ON_BOARD};
use crate::step::Step;

/// What the current step of an effect needs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Ask {
    /// The acting player chooses among the listed choices; the step says
    /// what is being chosen (its words are the clients', by the step's id).
    Choose(Step),
    /// The step needs no input: the engine applies it with `Skip`.
    Auto,
    /// The effect is fully resolved.
    Done,
}

pub(crate) type AskFn = fn(&Game, &Resolution, &mut Vec<Choice>) -> Ask;
pub(crate) type ApplyFn = fn(&mut Game, &mut Resolution, Choice);

/// A card's effect.
#[derive(Copy, Clone)]
pub(crate) struct Script {
    pub ask: AskFn,
    pub apply: ApplyFn,
}

/// Which of a card's effects a resolution carries out (Everfrost: see
/// [`crate::frozen`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// The card's normal effect (a summoned being's, a flare's).
    #[default]
    Normal,
    /// After the effect: the summoner keeps one of two frozen cards.
    Keep,
    /// The frozen effect of a card being thawed.
    Thaw,
    /// Etherweave: the warp effect of a card played from the hand (it is
    /// now the pending being; see [`crate::warp`]).
    Warp,
    /// Etherweave: a summoned being carries out another card's warp effect
    /// as a copy (`copied` names that card).
    Copy,
}

/// A card effect being resolved: which card, which step, and what has been
/// chosen so far. Pieces the effect follows are tracked through moves: when
/// a tracked piece moves its square is updated, when it is destroyed it is
/// forgotten.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Resolution {
    pub card: CardId,
    /// The player resolving the effect.
    pub color: Color,
    /// The step of the card's script.
    pub step: u8,
    /// The summoning square (fixed) and the orientation of the pattern.
    pub at: Square,
    pub orientation: Orientation,
    /// The summoned being's piece (tracked); `None` for flares or once gone.
    pub me: Option<Square>,
    /// The pieces used to summon the being (tracked).
    pub pattern: Bitboard,
    /// A piece the effect follows (tracked).
    pub subject: Option<Square>,
    /// Pieces the effect has marked, e.g. those that moved (tracked).
    pub tagged: Bitboard,
    /// Squares the effect has used (not tracked).
    pub chosen: Bitboard,
    pub count: u8,
    pub count2: u8,
    pub dir: Option<Dir>,
    pub option: u8,
    /// Flares: which criteria were met at invocation, and the opponent.
    pub upper: bool,
    pub lower: bool,
    pub against: Option<Color>,
    /// Which effect of the card this is.
    #[serde(default)]
    pub stage: Stage,
    /// The piece the summoning destroyed on the summoning square, if any.
    #[serde(default)]
    pub replaced: Option<Piece>,
    /// Everfrost: a card to be frozen once the effect is over (the summoned
    /// being itself, or one taken by the Frozen Chest).
    #[serde(default)]
    pub freezing: Option<CardId>,
    /// Etherweave: the card whose warp effect a `Copy` stage carries out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copied: Option<CardId>,
}

impl Resolution {
    pub(crate) fn new(card: CardId, color: Color, at: Square, orientation: Orientation) -> Resolution {
        Resolution {
            card,
            color,
            step: 0,
            at,
            orientation,
            me: None,
            pattern: Bitboard::EMPTY,
            subject: None,
            tagged: Bitboard::EMPTY,
            chosen: Bitboard::EMPTY,
            count: 0,
            count2: 0,
            dir: None,
            option: 0,
            upper: false,
            lower: false,
            against: None,
            stage: Stage::Normal,
            replaced: None,
            freezing: None,
            copied: None,
        }
    }

    /// The script this resolution runs: the card's, its frozen effect's
    /// when thawing, or the choice of the frozen card to keep.
    pub(crate) fn script(&self) -> Script {
        match self.stage {
            Stage::Normal => self.card.def().script,
            Stage::Keep => crate::frozen::KEEP,
            Stage::Thaw => crate::frozen::frozen_effect(self.card).map(|f| f.script).unwrap_or(crate::frozen::NONE),
            Stage::Warp => crate::warp::warp_script(Some(self.card)),
            Stage::Copy => crate::warp::warp_script(self.copied),
        }
    }

    /// Starts carrying out `card`'s warp effect as a copy, as the rest of
    /// this effect (the registers start afresh; the summoned piece and the
    /// pattern stay tracked).
    pub(crate) fn start_copy(&mut self, card: CardId) {
        self.stage = Stage::Copy;
        self.copied = Some(card);
        self.step = 0;
        self.subject = None;
        self.tagged = Bitboard::EMPTY;
        self.chosen = Bitboard::EMPTY;
        self.count = 0;
        self.count2 = 0;
        self.dir = None;
        self.option = 0;
    }

    /// Forgets a piece taken off the board without being destroyed.
    pub(crate) fn forget(&mut self, sq: Square) {
        self.track_destroy(sq);
    }

    /// The marked squares that the card's text names, in this summoning's
    /// orientation, in the order of the card definition (off-board ones
    /// dropped).
    pub fn marked(&self) -> Bitboard {
        let def = self.card.def();
        def.marked
            .iter()
            .filter_map(|&(x, y)| {
                let (a, b) = self.orientation.apply(x, y);
                self.at.offset(a, b)
            })
            .collect()
    }

    /// The arrows printed on the card, in this summoning's orientation.
    pub fn arrows(&self) -> impl Iterator<Item = Dir> + '_ {
        self.card.def().arrows.iter().map(move |&d| self.orientation.apply_dir(d))
    }

    /// Follows a piece moving from one square to another: trackers on
    /// `to` lose their piece (it was destroyed), trackers on `from` follow.
    fn track_move(&mut self, from: Square, to: Square) {
        self.track_destroy(to);
        let follow = |s: &mut Option<Square>| {
            if *s == Some(from) {
                *s = Some(to)
            }
        };
        follow(&mut self.me);
        follow(&mut self.subject);
        for set in [&mut self.pattern, &mut self.tagged] {
            if set.contains(from) {
                set.remove(from);
                set.insert(to);
            }
        }
    }

    /// Follows two pieces trading squares.
    fn track_swap(&mut self, a: Square, b: Square) {
        let swap = |s: &mut Option<Square>| {
            if *s == Some(a) {
                *s = Some(b)
            } else if *s == Some(b) {
                *s = Some(a)
            }
        };
        swap(&mut self.me);
        swap(&mut self.subject);
        for set in [&mut self.pattern, &mut self.tagged] {
            let (ha, hb) = (set.contains(a), set.contains(b));
            set.remove(a);
            set.remove(b);
            if ha {
                set.insert(b);
            }
            if hb {
                set.insert(a);
            }
        }
    }

    fn track_destroy(&mut self, sq: Square) {
        if self.me == Some(sq) {
            self.me = None;
        }
        if self.subject == Some(sq) {
            self.subject = None;
        }
        self.pattern.remove(sq);
        self.tagged.remove(sq);
    }
}

/// The kinds of move and leap.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MoveKind {
    /// Onto an empty square or a piece of strictly lower rank.
    Standard,
    /// Onto an empty square or a piece of the same rank or lower.
    Combat,
}

impl MoveKind {
    /// Whether a piece of rank `mover` may end on a square holding `target`.
    pub fn allows(self, mover: Rank, target: Option<Piece>) -> bool {
        match (self, target) {
            (_, None) => true,
            (MoveKind::Standard, Some(t)) => t.rank < mover,
            (MoveKind::Combat, Some(t)) => t.rank <= mover,
        }
    }
}

impl Game {
    /// Squares adjacent to `from` that its piece may move onto.
    pub fn move_targets(&self, from: Square, kind: MoveKind) -> Bitboard {
        self.leap_targets_within(from, kind, from.neighbours())
    }

    /// Squares among `area` (other than `from`) that the piece on `from`
    /// may leap onto.
    pub fn leap_targets_within(&self, from: Square, kind: MoveKind, area: Bitboard) -> Bitboard {
        let Some(p) = self.board().get(from) else {
            return Bitboard::EMPTY;
        };
        // the squares `kind.allows`, as bitboards: the empty ones and those
        // of the ranks the mover may end on
        let mut allowed = self.board().empty_squares();
        for r in Rank::ALL {
            if kind.allows(p.rank, Some(Piece::new(p.color, r))) {
                allowed |= self.board().of_rank(r);
            }
        }
        let mut out = area & ON_BOARD & allowed;
        out.remove(from);
        out
    }

    /// Squares anywhere on the board that the piece on `from` may leap onto.
    pub fn leap_targets(&self, from: Square, kind: MoveKind) -> Bitboard {
        self.leap_targets_within(from, kind, ON_BOARD)
    }

    /// Moves (or leaps) the piece on `from` to `to`, destroying what stood
    /// there; an enemy piece destroyed this way counts for the active player.
    pub(crate) fn fx_move(&mut self, r: &mut Resolution, from: Square, to: Square) {
        let piece = self.board().get(from).expect("a piece to move");
        let how = if from.neighbours().contains(to) { MoveHow::Move } else { MoveHow::Leap };
        self.record(Event::Moved { from, to, piece, how });
        if self.board().get(to).is_some() {
            self.remove_piece(to, true);
        }
        self.board_mut().set(from, None);
        self.board_mut().set(to, Some(piece));
        // the Gateway marker travels with its piece
        self.gateway_follows(from, to);
        r.track_move(from, to);
    }

    /// Destroys the piece on `sq`; `credit` says whether an enemy piece
    /// counts as destroyed by the active player (the Titan's do not).
    pub(crate) fn fx_destroy(&mut self, r: &mut Resolution, sq: Square, credit: bool) {
        if self.board().get(sq).is_some() {
            self.remove_piece(sq, credit);
            r.track_destroy(sq);
        }
    }

    /// Places a piece from `color`'s supply; false if none is available
    /// (effects never use the piece-shortage pick-up).
    pub(crate) fn fx_place(&mut self, color: Color, rank: Rank, sq: Square) -> bool {
        debug_assert!(self.board().get(sq).is_none());
        if self.supply(color, rank) == 0 {
            return false;
        }
        self.board_mut().set(sq, Some(Piece::new(color, rank)));
        self.record(Event::Placed { at: sq, piece: Piece::new(color, rank) });
        true
    }

    /// Whether the piece on `sq` can be upgraded (not legendary; a heroic
    /// piece needs a legendary piece of its color in supply).
    pub fn can_upgrade(&self, sq: Square) -> bool {
        match self.board().get(sq) {
            Some(p) => match p.rank {
                Rank::Common => true,
                Rank::Heroic => self.supply(p.color, Rank::Legendary) > 0,
                Rank::Legendary => false,
            },
            None => false,
        }
    }

    /// Whether the piece on `sq` can be downgraded (not common; a legendary
    /// piece needs a two-sided piece of its color in supply).
    pub fn can_downgrade(&self, sq: Square) -> bool {
        match self.board().get(sq) {
            Some(p) => match p.rank {
                Rank::Common => false,
                Rank::Heroic => true,
                Rank::Legendary => self.supply(p.color, Rank::Heroic) > 0,
            },
            None => false,
        }
    }

    /// Upgrades the piece on `sq` if it can be; never counts as destroying.
    /// A Gateway made legendary stops being the Gateway.
    pub(crate) fn fx_upgrade(&mut self, sq: Square) -> bool {
        if !self.can_upgrade(sq) {
            return false;
        }
        let p = self.board().get(sq).expect("checked");
        let to = p.rank.up().expect("checked");
        self.board_mut().set(sq, Some(Piece::new(p.color, to)));
        self.record(Event::Upgraded { at: sq, color: p.color, from: p.rank, to });
        if to == Rank::Legendary {
            // a legendary piece is never the Gateway
            self.gateway_gone_from(sq);
        }
        true
    }

    /// Downgrades the piece on `sq` if it can be; never counts as destroying.
    /// A downgraded Gateway stays the Gateway.
    pub(crate) fn fx_downgrade(&mut self, sq: Square) -> bool {
        if !self.can_downgrade(sq) {
            return false;
        }
        let p = self.board().get(sq).expect("checked");
        let to = p.rank.down().expect("checked");
        self.board_mut().set(sq, Some(Piece::new(p.color, to)));
        self.record(Event::Downgraded { at: sq, color: p.color, from: p.rank, to });
        true
    }

    /// Whether the active player can convert the enemy piece on `sq` into
    /// their own piece of `rank` (the enemy piece's rank if `None`).
    pub fn can_convert(&self, color: Color, sq: Square, rank: Option<Rank>) -> bool {
        match self.board().get(sq) {
            Some(p) if p.color != color => self.supply(color, rank.unwrap_or(p.rank)) > 0,
            _ => false,
        }
    }

    /// Converts an enemy piece: it is destroyed (and counts as destroyed by
    /// the active player) and replaced with `color`'s piece.
    pub(crate) fn fx_convert(&mut self, r: &mut Resolution, color: Color, sq: Square, rank: Option<Rank>) -> bool {
        if !self.can_convert(color, sq, rank) {
            return false;
        }
        let from = self.board().get(sq).expect("checked");
        let rank = rank.unwrap_or(from.rank);
        self.fx_destroy(r, sq, true);
        // the destruction is told as the conversion
        self.events.pop_if(|e| matches!(e, Event::Destroyed { at, .. } if *at == sq));
        self.board_mut().set(sq, Some(Piece::new(color, rank)));
        self.record(Event::Converted { at: sq, from, to: Piece::new(color, rank) });
        true
    }

    /// Two pieces trade squares; nothing is destroyed (told as two moves).
    pub(crate) fn fx_swap(&mut self, r: &mut Resolution, a: Square, b: Square) {
        let (Some(pa), Some(pb)) = (self.board().get(a), self.board().get(b)) else { return };
        let how = if a.neighbours().contains(b) { MoveHow::Move } else { MoveHow::Leap };
        self.record(Event::Moved { from: a, to: b, piece: pa, how });
        self.record(Event::Moved { from: b, to: a, piece: pb, how });
        self.board_mut().set(a, Some(pb));
        self.board_mut().set(b, Some(pa));
        self.gateway_swap(a, b);
        r.track_swap(a, b);
    }

    /// "Gain an action."
    pub(crate) fn gain_action(&mut self) {
        self.turn_mut().actions += 1;
    }

    /// Destroys the piece on `sq` and takes it out of the game (not back to
    /// its owner's supply: the owner's set shrinks); an enemy piece counts
    /// as `counts` destroyed pieces of its rank (the Deathbringer's 2).
    pub(crate) fn fx_remove_from_game(&mut self, r: &mut Resolution, sq: Square, counts: u8) {
        let Some(p) = self.board().get(sq) else { return };
        self.fx_destroy(r, sq, true);
        if p.color != self.active_color() {
            self.turn.destroyed[p.color.index()][p.rank.index()] += counts.saturating_sub(1);
        }
        let set = &mut self.pieces[p.color.index()];
        if p.rank == Rank::Legendary {
            set.1 = set.1.saturating_sub(1);
        } else {
            set.0 = set.0.saturating_sub(1);
        }
    }

    /// The active player discards the flare in their hand; false if none.
    pub(crate) fn fx_discard_flare(&mut self) -> bool {
        let seat = self.turn.seat as usize;
        if self.seats[seat].flares.is_empty() {
            return false;
        }
        let card = self.seats[seat].flares.remove(0);
        self.flare_discard.push(card);
        true
    }

    /// The opponents of `color` have one action fewer on their next turn:
    /// every other seat, or in team play the opposing team (whose next
    /// turn is the next seat's).
    pub(crate) fn fx_fewer_actions(&mut self, color: Color) {
        let n = self.seats.len();
        if self.form.teams() {
            let next = (self.turn.seat as usize + 1) % n;
            self.seats[next].fewer_actions = 1;
            return;
        }
        for s in self.seats.iter_mut().filter(|s| s.color != color) {
            s.fewer_actions = 1;
        }
    }

    /// The pieces on the straight line from `from` (excluded) in `dir` to
    /// the board edge, nearest first.
    pub fn ray(from: Square, dir: Dir) -> impl Iterator<Item = Square> {
        let mut cur = Some(from);
        std::iter::from_fn(move || {
            cur = cur.and_then(|s| s.step(dir));
            cur
        })
    }
}

/// Pushes `Move { from, to }` for every target.
pub(crate) fn push_moves(out: &mut Vec<Choice>, from: Square, targets: Bitboard) {
    out.extend(targets.squares().map(|to| Choice::Move { from, to }));
}

/// Pushes `Square(s)` for every square of a set.
pub(crate) fn push_squares(out: &mut Vec<Choice>, squares: Bitboard) {
    out.extend(squares.squares().map(Choice::Square));
}
