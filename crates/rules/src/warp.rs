//! Etherweave's warp effects, the pending being, the Merchant of Time's
//! stored piece, the Time Traveler's free summoning and the Void
//! Summoner's empty squares.
//!
//! A card with a warp effect (see [`crate::cards::etherweave::WARP`]) may
//! be played from the hand for its warp effect alone (`warp CARD`): in the
//! active player's own main phase (before, between or after actions, never
//! in the middle of an effect), not in their first turn of the game, and
//! not while they already have a pending being. The card is laid face up
//! on their deck, where it is their *pending being*
//! ([`crate::game::SeatState::pending`]), and then its warp effect
//! resolves (a `Warp` stage); it costs no action and needs no pattern.
//!
//! The pending being is public, and it is still one of the seat's beings:
//! it counts when the hand is refilled and it may be summoned as from the
//! hand (which ends its pending state). It cannot be discarded by the
//! discard action nor returned with it, nor by the Reality Patch's "a card
//! from your hand"; the Warpmaster takes it back into the hand, the Paradox
//! Worm's warp and the Reality Patch may discard it. A pending Merchant of
//! Time can be neither discarded nor taken back.
//!
//! Copying a warp effect (the Doppelganger, the Ziggurat Sentinel, the
//! Eternal Emperor's own normal effect) carries the warp script out as a
//! `Copy` stage of the copying being's resolution: the copied card stays
//! where it is. The Merchant of Time's warp cannot be copied.
//!
//! The causality penalty: a pending being still waiting when the game ends
//! costs its owner [`CAUSALITY_PENALTY`] points, and the end-of-game score
//! is judged with it already taken off (see `docs/rulings.md`).

use crate::board::{Color, Piece, Rank, GREEN_SQUARES, RED_SQUARES};
use crate::cards::{etherweave, fits_slots, oriented_patterns, pattern_matches_with, CardId, ColorSet, PatternMatch};
use crate::choice::Choice;
use crate::effect::{Resolution, Script, Stage};
use crate::event::{Event, ScoreWhy};
use crate::game::{Game, Phase, Seat};
use crate::geometry::{Bitboard, Orientation, Square, ON_BOARD};

/// Points a pending being still waiting at the end of the game costs.
pub const CAUSALITY_PENALTY: i16 = 2;

/// A card's warp effect: its text in our words and its script.
pub struct Warp {
    pub text: &'static str,
    /// Whether another effect may carry it out as a copy (all but the
    /// Merchant of Time's).
    pub copyable: bool,
    pub(crate) script: Script,
}

/// The warp effect of a card, if it has one.
pub fn warp_effect(card: CardId) -> Option<&'static Warp> {
    etherweave::warp(card)
}

/// The warp effect another effect may copy, if the card has one.
pub fn copyable_warp(card: CardId) -> Option<&'static Warp> {
    warp_effect(card).filter(|w| w.copyable)
}

/// The Time Traveler: its pattern may be anywhere and it goes on any empty
/// colorless square.
pub fn is_time_traveler(card: CardId) -> bool {
    card == etherweave::TIME_TRAVELER
}

/// The Merchant of Time: while pending it can be neither discarded nor
/// taken back into the hand.
pub fn is_merchant(card: CardId) -> bool {
    card == etherweave::MERCHANT_OF_TIME
}

/// Colorless squares: playable, neither red nor green (60 of them).
pub fn colorless_squares() -> Bitboard {
    ON_BOARD & !RED_SQUARES & !GREEN_SQUARES
}

/// Whether `color`'s own pieces show the Time Traveler's pattern anywhere
/// on `board` (either diagonal of three).
pub fn time_traveler_pattern_on(board: &crate::board::Board, color: Color) -> bool {
    let own = board.of_color_at_least(color, Rank::Common);
    oriented_patterns(etherweave::TIME_TRAVELER).iter().any(|p| {
        let mut anchors = ON_BOARD;
        for &(x, y, _) in &p.squares {
            anchors &= own.shift(-x, -y);
        }
        !anchors.is_empty()
    })
}

/// Where `color` could summon the Time Traveler on `board` (supply
/// assumed): any empty colorless square, if its pattern is anywhere.
pub fn time_traveler_squares(board: &crate::board::Board, color: Color) -> Bitboard {
    if time_traveler_pattern_on(board, color) {
        colorless_squares() & board.empty_squares()
    } else {
        Bitboard::EMPTY
    }
}

/// The script of a resolution with nothing to do.
const NONE: Script = crate::frozen::NONE;

/// The script a `Warp` or `Copy` resolution runs.
pub(crate) fn warp_script(card: Option<CardId>) -> Script {
    card.and_then(warp_effect).map(|w| w.script).unwrap_or(NONE)
}

impl Game {
    /// Whether the active seat may play a warp effect now (in the main
    /// phase): not in its first turn, not with a being pending, not once
    /// control has been passed.
    pub(crate) fn may_warp(&self) -> bool {
        let seat = &self.seats[self.turn.seat as usize];
        // a seat's first turn is the game's turn number seat + 1 (seats play in order)
        let first_turn = self.turn.number <= self.turn.seat as u16 + 1;
        !self.turn.passed && !first_turn && seat.pending.is_none()
    }

    pub(crate) fn push_warps(&self, out: &mut Vec<Choice>) {
        if !self.may_warp() {
            return;
        }
        let seat = &self.seats[self.turn.seat as usize];
        out.extend(seat.beings.iter().copied().filter(|&c| warp_effect(c).is_some()).map(Choice::Warp));
    }

    /// Plays a being's warp effect from the hand: it becomes the pending
    /// being, then its warp effect resolves.
    pub(crate) fn play_warp(&mut self, card: CardId) {
        let seat = self.turn.seat;
        self.seats[seat as usize].pending = Some(card);
        if card == etherweave::ETERNAL_EMPEROR {
            self.turn.emperor_warped = true;
        }
        self.record(Event::Warped { seat, card });
        let anywhere = Square::parse("e5").expect("e5");
        let mut r = Resolution::new(card, self.active_color(), anywhere, Orientation::IDENTITY);
        r.stage = Stage::Warp;
        self.effect = Some(r);
        self.phase = Phase::Effect;
    }

    /// Whether the active seat's pending being may leave its pending state
    /// other than by being summoned (not the Merchant of Time).
    pub(crate) fn pending_may_leave(&self) -> Option<CardId> {
        self.seats[self.turn.seat as usize].pending.filter(|&c| !is_merchant(c))
    }

    /// The pending being goes to its owner's discard pile.
    pub(crate) fn fx_discard_pending(&mut self) -> bool {
        let Some(card) = self.pending_may_leave() else { return false };
        let seat = self.turn.seat;
        let s = &mut self.seats[seat as usize];
        s.pending = None;
        crate::pile::remove_card(&mut s.beings, card);
        s.discard.push(card);
        self.record(Event::PendingDiscarded { seat, card });
        true
    }

    /// The pending being goes back into the hand (the Warpmaster).
    pub(crate) fn fx_pending_to_hand(&mut self) -> bool {
        let Some(card) = self.pending_may_leave() else { return false };
        let seat = self.turn.seat;
        self.seats[seat as usize].pending = None;
        self.record(Event::PendingReturned { seat, card });
        true
    }

    /// Pieces of `color` kept on a Merchant of Time, two-sided or legendary.
    pub(crate) fn stored_pieces(&self, color: Color, legendary: bool) -> u8 {
        self.seats
            .iter()
            .filter_map(|s| s.stored)
            .filter(|p| p.color == color && (p.rank == Rank::Legendary) == legendary)
            .count() as u8
    }

    /// The Merchant of Time's warp: the piece on `sq` is lifted off the
    /// board and kept on the card. Nothing is destroyed.
    ///
    /// A lifted Nethervoid Gateway keeps its status while it is kept here
    /// (`SeatState::stored_gateway`, expansions.md 5.7) and is the Gateway
    /// again where it lands, unless its seat has a new one by then.
    pub(crate) fn fx_store(&mut self, r: &mut Resolution, sq: Square) -> bool {
        let Some(piece) = self.board().get(sq) else { return false };
        let seat = self.turn.seat;
        if self.seats[seat as usize].stored.is_some() {
            return false;
        }
        // a Gateway keeps its status while stored (as the online game does)
        let gateway_of = self.lift_gateway(sq);
        self.board_mut().set(sq, None);
        r.forget(sq);
        self.seats[seat as usize].stored = Some(piece);
        self.seats[seat as usize].stored_gateway = gateway_of;
        self.record(Event::Stored { seat, at: sq, piece });
        true
    }

    /// Where the stored piece may land: a standard leap, judged by its own
    /// rank, to a colorless square (empty, or holding a lower-ranked piece,
    /// which is destroyed).
    pub fn landing_squares(&self) -> Bitboard {
        let Some(p) = self.seats[self.turn.seat as usize].stored else { return Bitboard::EMPTY };
        let mut out = Bitboard::EMPTY;
        for sq in colorless_squares().squares() {
            if crate::effect::MoveKind::Standard.allows(p.rank, self.board().get(sq)) {
                out.insert(sq);
            }
        }
        out
    }

    /// The Merchant of Time's effect: the stored piece lands on `sq`
    /// (`None`: nowhere to land, so it goes back to its owner's supply).
    ///
    /// A stored Gateway lands as the Gateway (see [`Game::fx_store`]); one
    /// with nowhere to land is no longer the Gateway.
    pub(crate) fn fx_land_stored(&mut self, r: &mut Resolution, sq: Option<Square>) {
        let seat = self.turn.seat;
        let Some(piece) = self.seats[seat as usize].stored.take() else { return };
        let gateway_of = self.seats[seat as usize].stored_gateway.take();
        match sq {
            Some(sq) => {
                if self.board().get(sq).is_some() {
                    self.fx_destroy(r, sq, true);
                }
                self.board_mut().set(sq, Some(piece));
                self.record(Event::Landed { seat, at: Some(sq), piece });
                if let Some(owner) = gateway_of {
                    if self.land_gateway(owner, sq) {
                        self.record(Event::GatewayGained { seat: owner, at: sq });
                    }
                }
            }
            None => self.record(Event::Landed { seat, at: None, piece }),
        }
    }

    /// The causality penalty a seat's side pays at the end: for its own
    /// pending being, and in team play for its teammate's.
    pub fn causality_penalty(&self, seat: Seat) -> i16 {
        let own = |s: Seat| if self.seats[s as usize].pending.is_some() { CAUSALITY_PENALTY } else { 0 };
        own(seat) + self.teammate(seat).map_or(0, own)
    }

    /// At the end of the game: each pending being costs its owner's side
    /// the penalty (a melee's in every color; the task forms count it in
    /// their score, see `refresh_task_scores`).
    pub(crate) fn charge_causality(&mut self) {
        for seat in 0..self.seats.len() {
            if self.seats[seat].pending.is_none() {
                continue;
            }
            let seat = seat as Seat;
            if self.form.is_melee() {
                let me = self.seats[seat as usize].color;
                let enemies: Vec<Color> = self.enemies_of(me).collect();
                for c in enemies {
                    self.seats[seat as usize].points[c.index()] -= CAUSALITY_PENALTY;
                }
                let s = &self.seats[seat as usize];
                let lowest = self.enemies_of(me).map(|c| s.points[c.index()]).min().unwrap_or(0);
                self.seats[seat as usize].score = lowest;
            } else if !self.form.uses_tasks() {
                self.seats[seat as usize].score -= CAUSALITY_PENALTY;
                if let Some(mate) = self.teammate(seat) {
                    self.seats[mate as usize].score -= CAUSALITY_PENALTY;
                }
            }
            self.record(Event::Scored { seat, points: -CAUSALITY_PENALTY, why: ScoreWhy::Causality, color: None });
        }
    }

    /// Whether `color`'s pieces (with the stand-ins) show the Time
    /// Traveler's pattern anywhere on `board`.
    fn time_traveler_pattern(&self, board: &crate::board::Board, stand_ins: &[ColorSet]) -> bool {
        let color = self.active_color();
        let card = etherweave::TIME_TRAVELER;
        if time_traveler_pattern_on(board, color) {
            return true;
        }
        let mut v = Vec::new();
        if !stand_ins.is_empty() {
            pattern_matches_with(board, color, card, stand_ins, &mut v);
        }
        if v.is_empty() && self.turn.void_squares > 0 {
            void_matches_on(board, color, card, stand_ins, self.turn.void_squares, false, &mut v);
        }
        !v.is_empty()
    }

    /// The pieces of a Time Traveler's pattern that a summoning uses: none
    /// when its own pieces show the pattern; otherwise the squares of the
    /// first match that needs enemy stand-ins (or empty squares), so that an
    /// improvised summoning uses up its color.
    pub(crate) fn time_traveler_pattern_used(&self) -> Bitboard {
        let color = self.active_color();
        if time_traveler_pattern_on(self.board(), color) {
            return Bitboard::EMPTY;
        }
        let card = etherweave::TIME_TRAVELER;
        let stand_ins = self.stand_ins();
        let mut v = Vec::new();
        pattern_matches_with(self.board(), color, card, &stand_ins, &mut v);
        if v.is_empty() && self.turn.void_squares > 0 {
            void_matches_on(self.board(), color, card, &stand_ins, self.turn.void_squares, false, &mut v);
        }
        match v.first().and_then(|m| crate::cards::oriented(card, m.orientation).map(|p| p.pattern_squares(m.at))) {
            Some(squares) => squares & self.board().occupied(),
            None => Bitboard::EMPTY,
        }
    }

    /// The Time Traveler's summons: with its pattern anywhere, onto every
    /// empty colorless square; in a piece shortage, taking up a piece the
    /// pattern can do without.
    pub(crate) fn push_time_traveler(&self, card: CardId, stand_ins: &[ColorSet], out: &mut Vec<Choice>) {
        if !self.time_traveler_pattern(self.board(), stand_ins) {
            return;
        }
        let color = self.active_color();
        let targets = colorless_squares() & self.board().empty_squares();
        let summon = |at, pickup| Choice::Summon { card, at, orientation: Orientation::IDENTITY, pickup };
        if self.supply(color, Rank::Heroic) > 0 {
            out.extend(targets.squares().map(|at| summon(at, None)));
            return;
        }
        let mut spare = Vec::new();
        for from in self.board().of_color_at_most(color, Rank::Heroic).squares() {
            let mut b = self.board().clone();
            b.set(from, None);
            if self.time_traveler_pattern(&b, stand_ins) {
                spare.push(from);
            }
        }
        for at in targets.squares() {
            out.extend(spare.iter().map(|&from| summon(at, Some(from))));
        }
    }

    /// The Void Summoner's bonus: matches of `card` that count up to
    /// `void_squares` empty squares as the summoner's common pieces, added
    /// to `out` where not there already.
    pub(crate) fn void_matches(&self, card: CardId, stand_ins: &[ColorSet], out: &mut Vec<PatternMatch>) {
        let mut v = Vec::new();
        void_matches_on(self.board(), self.active_color(), card, stand_ins, self.turn.void_squares, true, &mut v);
        for m in v {
            if !out.iter().any(|o| o.at == m.at && o.orientation == m.orientation) {
                out.push(m);
            }
        }
    }
}

/// Every match of `card` on `board` in which up to `void` empty squares
/// stand for `color`'s common pieces (a pattern square asking for more
/// than a common piece cannot be empty) and enemy pieces may stand in as
/// the slots allow; with `summoning_square`, the summoning square's
/// occupant must not outrank the card.
fn void_matches_on(
    board: &crate::board::Board,
    color: Color,
    card: CardId,
    stand_ins: &[ColorSet],
    void: u8,
    summoning_square: bool,
    out: &mut Vec<PatternMatch>,
) {
    let rank = card.def().rank;
    for p in oriented_patterns(card) {
        'anchor: for at in ON_BOARD.squares() {
            if summoning_square && board.get(at).is_some_and(|q| q.rank > rank) {
                continue;
            }
            let mut empty = 0;
            let mut enemy = Bitboard::EMPTY;
            let mut colors = Vec::new();
            for &(x, y, r) in &p.squares {
                let Some(sq) = at.offset(x, y) else { continue 'anchor };
                match board.get(sq) {
                    Some(q) if q.rank < r => continue 'anchor,
                    Some(q) if q.color == color => {}
                    Some(q) => {
                        enemy.insert(sq);
                        colors.push(q.color);
                    }
                    None if r == Rank::Common => empty += 1,
                    None => continue 'anchor,
                }
            }
            if empty > void || colors.len() > stand_ins.len() || !fits_slots(&colors, stand_ins, 0) {
                continue;
            }
            out.push(PatternMatch { orientation: p.orientation, at, enemy });
        }
    }
}

/// A piece in board-text form (`p` a purple common, `p+` heroic, `p*`
/// legendary), as the stored piece is written in positions.
pub fn parse_piece(text: &str) -> Option<Piece> {
    let mut chars = text.chars();
    let color = Color::from_letter(chars.next()?)?;
    let rank = match chars.as_str() {
        "" => Rank::Common,
        "+" => Rank::Heroic,
        "*" => Rank::Legendary,
        _ => return None,
    };
    Some(Piece::new(color, rank))
}
