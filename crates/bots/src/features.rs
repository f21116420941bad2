//! What the hands promise and threaten: terms of the evaluation beyond
//! scores and pieces (issue 12's "evaluation that knows the game").
//!
//! - **Reach** ([`reach`]): where a color can summon a being now, and where
//!   it could after one more placement (a pattern one common piece short,
//!   its missing square empty). Bitboards only: for each distinct
//!   orientation the squares where every pattern piece stands (`ready`) and
//!   where all but one do and that one's square is empty (`near`), counted
//!   with two running masks, no allocation. The evaluation asks
//!   [`reach_summary`]: whether a square is ready, else near, and which of
//!   those hold given pieces, which lets it stop looking sooner; the
//!   evaluation of one game for all its seats asks each card once
//!   (`ReachCache`: the search's most repeated work).
//! - **Partial progress**: a being in hand one placement from its pattern
//!   counts [`Weights::near`] points (a ready one counts `ready`).
//! - **Threats**: the enemies' beings that could be summoned now (one
//!   placement from now at half the count), [`Weights::threat`] points each,
//!   and among them those whose summoning square holds one of the seat's
//!   heroic or legendary pieces: summoning there destroys it, and
//!   [`Weights::danger`] is the share counted of what that would cost (the
//!   points it gives the enemy and as much again for the piece).
//!   Every term is linear in its weight, as the training needs. An enemy's hand is hidden, so its beings
//!   are taken from everything it may hold (its hand and deck, which every
//!   dealing of the hidden cards leaves the same), each weighed by the chance
//!   that it is in hand (hand size / hand and deck): the same in every
//!   determinization and in the canonical observation, so no hidden card
//!   leaks and the root's judging sees no placeholders.
//! - **Actions left** ([`turns_left`]): a card in hand is worth something
//!   only if there are turns left to play it; near the end only as many
//!   ready beings count as the seat has actions left (two a turn), and an
//!   enemy with no turn left threatens nothing.
//!
//! The cost of a flare's point to the opponent needs no term of its own:
//! the point is scored when the flare is invoked, so it is in the score the
//! evaluation counts, and the end term ([`crate::eval::evaluate_end`])
//! weighs it more the nearer the end (tested in `eval`'s tests).

use tash_kalar_rules::board::{Color, Rank};
use tash_kalar_rules::cards::{enough_pieces, oriented_patterns, pieces_at_least, squares_summonable_onto};
use tash_kalar_rules::geometry::ON_BOARD;
use tash_kalar_rules::{Bitboard, Board, CardId, Game, Seat};

use crate::weights::Weights;

/// Where a color can summon a card (supply assumed): now, or after one
/// placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Summoning squares of the patterns that match now.
    pub ready: Bitboard,
    /// Summoning squares of the patterns one common piece short, whose
    /// missing square is empty (none of `ready`).
    pub near: Bitboard,
}

/// Where `color` can summon `card` on `board` now and after one placement.
pub fn reach(board: &Board, color: Color, card: CardId) -> Reach {
    let own = pieces_at_least(board, color);
    let patterns = oriented_patterns(card);
    let (mut ready, mut near) = (Bitboard::EMPTY, Bitboard::EMPTY);
    // too few pieces for the pattern, even with one common more: out of reach
    if patterns.first().is_some_and(|p| !enough_pieces(&own, p.needs, 1)) {
        return Reach { ready, near };
    }
    let free = squares_summonable_onto(board, card.def().rank);
    let empty = board.empty_squares() & ON_BOARD;
    for p in patterns {
        // anchors with no piece missing so far, and with exactly one
        // (a common's square, empty); the rarest ranks first, which leave
        // no anchor soonest (the result is the same in any order)
        let (mut none, mut one) = (free, Bitboard::EMPTY);
        for &(shift, r) in &p.by_rank {
            let have = shift.apply(own[r.index()]);
            let fill = if r == Rank::Common { shift.apply(empty) } else { Bitboard::EMPTY };
            one = (one & have) | (none & fill);
            none &= have;
            if none.is_empty() && one.is_empty() {
                break;
            }
        }
        ready |= none;
        near |= one;
    }
    Reach { ready, near: near & !ready }
}

/// What the evaluation asks of a [`Reach`]: whether a summoning square is
/// ready, else whether one is a placement short, and of those squares (the
/// ready ones if any, else the near ones) the ones among some `targets`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReachSummary {
    /// `ready` is not empty.
    pub ready: bool,
    /// `ready` is empty and `near` is not.
    pub near: bool,
    /// `ready & targets` if `ready` is not empty, else `near & targets`.
    pub at: Bitboard,
}

impl ReachSummary {
    /// The summary of a whole reach.
    pub fn of(r: Reach, targets: Bitboard) -> ReachSummary {
        let ready = !r.ready.is_empty();
        ReachSummary { ready, near: !ready && !r.near.is_empty(), at: if ready { r.ready } else { r.near } & targets }
    }
}

/// `ReachSummary::of(reach(board, color, card), targets)`, cheaper: once a
/// square is ready only the ready squares among `targets` are still looked
/// for (and with no targets the search stops), and once one is near the
/// near squares are tracked no further unless among `targets`.
pub fn reach_summary(board: &Board, color: Color, card: CardId, targets: Bitboard) -> ReachSummary {
    ReachBoard::new(board, color).summary(card, targets)
}

/// What [`reach_summary`] needs of a board and a color, worked out once
/// for the many cards asked about.
pub(crate) struct ReachBoard {
    /// The color's pieces by least rank.
    own: [Bitboard; 3],
    /// How many of them (a count is some 30 instructions without a
    /// hardware popcount, as the default target builds: counted once, not
    /// for every card asked about).
    counts: [u32; 3],
    /// The squares a being may be summoned onto, by its rank.
    free: [Bitboard; 3],
    empty: Bitboard,
}

impl ReachBoard {
    pub(crate) fn new(board: &Board, color: Color) -> ReachBoard {
        let own = pieces_at_least(board, color);
        ReachBoard {
            own,
            counts: own.map(|b| b.count()),
            free: Rank::ALL.map(|r| squares_summonable_onto(board, r)),
            empty: board.empty_squares() & ON_BOARD,
        }
    }

    /// Whether the color has pieces enough for a pattern that `needs` so
    /// many of each least rank, one common piece short allowed
    /// ([`enough_pieces`] with one short, from the counts).
    fn enough_for(&self, needs: [u32; 3]) -> bool {
        self.counts[0] + 1 >= needs[0] && self.counts[1] >= needs[1] && self.counts[2] >= needs[2]
    }

    /// [`reach_summary`] of `card` on this board.
    pub(crate) fn summary(&self, card: CardId, targets: Bitboard) -> ReachSummary {
        let (own, empty) = (&self.own, self.empty);
        let patterns = oriented_patterns(card);
        let (mut ready, mut near) = (Bitboard::EMPTY, Bitboard::EMPTY);
        if patterns.first().is_some_and(|p| self.enough_for(p.needs)) {
            let free = self.free[card.def().rank.index()];
            for p in patterns {
                let found = !ready.is_empty();
                let start = if found { free & targets } else { free };
                if start.is_empty() {
                    break;
                }
                // the near squares matter while none is ready, and once one
                // is near only among the targets
                let track_near = !found && (near.is_empty() || !targets.is_empty());
                let wanted = if near.is_empty() { ON_BOARD } else { targets };
                let (mut none, mut one) = (start, Bitboard::EMPTY);
                for &(shift, r) in &p.by_rank {
                    let have = shift.apply(own[r.index()]);
                    one = if track_near && r == Rank::Common {
                        (one & have) | (none & shift.apply(empty) & wanted)
                    } else {
                        one & have
                    };
                    none &= have;
                    if none.is_empty() && one.is_empty() {
                        break;
                    }
                }
                ready |= none;
                near |= one;
            }
        }
        let found = !ready.is_empty();
        ReachSummary { ready: found, near: !found && !near.is_empty(), at: if found { ready } else { near } & targets }
    }

    /// [`ReachBoard::summary`] of `card` with no targets: whether a square
    /// is ready, else near. The evaluation's default weights ask no more
    /// (no danger weight), and this is its most repeated question: the
    /// first ready square ends the search, and once a square is near only
    /// the ready ones are looked for.
    pub(crate) fn ready_or_near(&self, card: CardId) -> ReachSummary {
        let (own, empty) = (&self.own, self.empty);
        let patterns = oriented_patterns(card);
        let mut near = false;
        if patterns.first().is_some_and(|p| self.enough_for(p.needs)) {
            let free = self.free[card.def().rank.index()];
            for p in patterns {
                let (mut none, mut one) = (free, Bitboard::EMPTY);
                for &(shift, r) in &p.by_rank {
                    let have = shift.apply(own[r.index()]);
                    one = if !near && r == Rank::Common {
                        (one & have) | (none & shift.apply(empty))
                    } else {
                        one & have
                    };
                    none &= have;
                    if none.is_empty() && one.is_empty() {
                        break;
                    }
                }
                if !none.is_empty() {
                    return ReachSummary { ready: true, near: false, at: Bitboard::EMPTY };
                }
                near |= !one.is_empty();
            }
        }
        ReachSummary { ready: false, near, at: Bitboard::EMPTY }
    }
}

/// What losing an upgraded piece of this rank costs, in points: what its
/// destruction scores (heroic 1, legendary 2) and as much again for the
/// piece itself.
fn loss(rank: Rank) -> f64 {
    match rank {
        Rank::Common => 1.0,
        Rank::Heroic => 2.0,
        Rank::Legendary => 4.0,
    }
}

/// The share of an enemy being one placement from its pattern counted as a
/// threat (it needs the enemy's placement first, and one action more).
const NEAR_THREAT: f64 = 0.5;

/// Turns `seat` still has, the current one counted if it is the seat's:
/// exact once the end is triggered, otherwise `rounds` (the estimate of
/// whole rounds left after the current turn) plus the current one.
pub fn turns_left(game: &Game, seat: Seat, rounds: f64) -> f64 {
    if game.is_over() {
        return 0.0;
    }
    let n = game.seat_count();
    let active = game.turn().seat as usize;
    let now = (active == seat as usize) as u8 as f64;
    match game.end_state().turns_left {
        Some(t) => {
            // the turns after the current one go round the table in order
            let later = (1..=t as usize).filter(|k| (active + k) % n == seat as usize).count();
            now + later as f64
        }
        None => now + rounds.max(0.0),
    }
}

/// The value of a seat's own beings and legends in hand: a ready one its
/// `ready` weight, one a placement short `near`; with `actions`
/// given, only that many of them (the best first; a fraction of the last).
pub fn hand_value(game: &Game, seat: Seat, w: &Weights, actions: Option<f64>) -> f64 {
    hand_value_with(game, seat, w, actions, &mut ReachCache::new(game, false))
}

/// [`hand_value`], asking `reaches` (of this game) for the cards' reach.
pub(crate) fn hand_value_with(
    game: &Game,
    seat: Seat,
    w: &Weights,
    actions: Option<f64>,
    reaches: &mut ReachCache,
) -> f64 {
    let board = game.board();
    let me = game.seat(seat).color;
    let s = game.seat(seat);
    let mut values: arrayvec::ArrayVec<f64, 16> = arrayvec::ArrayVec::new();
    for &card in s.beings.iter().chain(&s.legends) {
        let rank = card.def().rank.index();
        let v = if w.near == 0.0 {
            // the baseline's cheaper test, and the same answer
            if tash_kalar_rules::cards::summoning_squares(board, me, card).is_empty() {
                continue;
            }
            w.ready[rank]
        } else {
            let r = reaches.summary(me, card);
            if r.ready {
                w.ready[rank]
            } else if r.near {
                w.near
            } else {
                continue;
            }
        };
        let _ = values.try_push(v);
    }
    match actions {
        None => values.iter().sum(),
        Some(a) => {
            values.sort_by(|x, y| y.total_cmp(x));
            let mut left = a.max(0.0);
            let mut sum = 0.0;
            for v in values {
                if left <= 0.0 {
                    break;
                }
                sum += v * left.min(1.0);
                left -= 1.0;
            }
            sum
        }
    }
}

/// One enemy's threat to `seat`: the expected count of its ready beings
/// (by the chance each is in its hand; one a placement short counts half)
/// and the expected loss of the seat's upgraded pieces standing on their
/// summoning squares, before weighting: `(ready, danger)`.
pub fn enemy_threat(game: &Game, seat: Seat, enemy: Color) -> (f64, f64) {
    enemy_threat_with(game, seat, enemy, &mut ReachCache::new(game, true))
}

/// [`enemy_threat`], asking `reaches` (of this game) for the cards' reach;
/// the danger is 0 if `reaches` was made without the squares at risk.
fn enemy_threat_with(game: &Game, seat: Seat, enemy: Color, reaches: &mut ReachCache) -> (f64, f64) {
    let Some(s) = game.seat_of(enemy) else { return (0.0, 0.0) };
    let holder = game.seat(s);
    let pool = holder.beings.len() + holder.deck.len();
    if pool == 0 || holder.beings.is_empty() {
        return (0.0, 0.0);
    }
    let chance = holder.beings.len() as f64 / pool as f64;
    let board = game.board();
    let me = game.seat(seat).color;
    let upgraded = board.of_color_at_least(me, Rank::Heroic);
    let (mut ready, mut danger) = (0.0, 0.0);
    for card in holder.beings.iter().copied().chain(holder.deck.cards()) {
        let r = reaches.summary(enemy, card);
        let share = if r.ready {
            1.0
        } else if r.near {
            NEAR_THREAT
        } else {
            continue;
        };
        ready += chance * share;
        // the best of the seat's upgraded pieces it could be summoned onto
        // (where it is ready, if anywhere, else where it is near)
        let at_risk =
            (r.at & upgraded).squares().filter_map(|sq| board.get(sq)).map(|p| loss(p.rank)).fold(0.0, f64::max);
        danger += chance * share * at_risk;
    }
    (ready, danger)
}

/// The threats to `seat` from every enemy, weighted: `threat` times the
/// blend of their ready counts (as standings are blended) plus `danger`
/// times the sum of the losses at risk; with `rounds` (the estimate of
/// whole rounds left) an enemy with no turn left counts nothing.
pub fn threats(game: &Game, seat: Seat, w: &Weights, rounds: Option<f64>) -> f64 {
    threats_with(game, seat, w, rounds, &mut ReachCache::new(game, w.danger != 0.0))
}

/// [`threats`], asking `reaches` (of this game, made with the squares at
/// risk if `w.danger` is not 0) for the cards' reach.
pub(crate) fn threats_with(game: &Game, seat: Seat, w: &Weights, rounds: Option<f64>, reaches: &mut ReachCache) -> f64 {
    if w.threat == 0.0 && w.danger == 0.0 {
        return 0.0;
    }
    let me = game.seat(seat).color;
    let (mut best, mut sum, mut n, mut danger) = (0.0f64, 0.0, 0usize, 0.0);
    for c in game.enemies_of(me) {
        let active = rounds.is_none_or(|r| game.seat_of(c).is_some_and(|s| turns_left(game, s, r) > 0.0));
        let (ready, at_risk) = if active { enemy_threat_with(game, seat, c, reaches) } else { (0.0, 0.0) };
        best = best.max(ready);
        sum += ready;
        n += 1;
        danger += at_risk;
    }
    if n == 0 {
        return 0.0;
    }
    let blended = w.leader * best + (1.0 - w.leader) * sum / n as f64;
    w.threat * blended + w.danger * danger
}

/// The reach summaries of one game's cards, each worked out once for all
/// the seats' evaluations: a card's worth in its holder's hand and its
/// threat to every enemy ask the same of it (whether it is ready, else a
/// placement short: the same whatever the targets), and the squares at
/// risk are looked for among all of the color's enemies' upgraded pieces
/// at once, each seat then keeping its own (a larger set of targets finds
/// the same squares among a smaller one: tested below). Without the
/// squares at risk (a danger weight of 0) no targets are looked for, which
/// lets the matching stop at the first ready square.
pub(crate) struct ReachCache<'g> {
    game: &'g Game,
    with_targets: bool,
    colors: arrayvec::ArrayVec<ColorReach, 4>,
}

/// One color's part of a [`ReachCache`]: small, as one is made for every
/// color at every evaluation (a few hundred bytes, not a table by card).
struct ColorReach {
    color: Color,
    board: ReachBoard,
    targets: Bitboard,
    /// The cards asked about so far, and of those the ready ones and the
    /// near ones, a bit each by the card's number.
    asked: CardSet,
    ready: CardSet,
    near: CardSet,
    /// With targets: each card's squares among them (none asked without).
    at: Vec<(CardId, Bitboard)>,
}

/// A set of cards, a bit each (every card number fits a byte).
#[derive(Clone, Copy, Default)]
struct CardSet([u64; 4]);

impl CardSet {
    fn bit(card: CardId) -> (usize, u64) {
        let n = card.deck() as usize * 32 + card.index();
        (n / 64, 1 << (n % 64))
    }

    fn contains(&self, card: CardId) -> bool {
        let (i, b) = CardSet::bit(card);
        self.0[i] & b != 0
    }

    fn insert(&mut self, card: CardId) {
        let (i, b) = CardSet::bit(card);
        self.0[i] |= b;
    }
}

impl<'g> ReachCache<'g> {
    /// A cache for `game`, looking for the squares at risk or not.
    pub(crate) fn new(game: &'g Game, with_targets: bool) -> ReachCache<'g> {
        ReachCache { game, with_targets, colors: arrayvec::ArrayVec::new() }
    }

    /// `color`'s summary of `card` against the upgraded pieces of all of
    /// its enemies (none without targets).
    pub(crate) fn summary(&mut self, color: Color, card: CardId) -> ReachSummary {
        let game = self.game;
        let i = match self.colors.iter().position(|c| c.color == color) {
            Some(i) => i,
            None => {
                let board = game.board();
                let targets = if self.with_targets {
                    game.enemies_of(color).fold(Bitboard::EMPTY, |t, e| t | board.of_color_at_least(e, Rank::Heroic))
                } else {
                    Bitboard::EMPTY
                };
                let reach = ColorReach {
                    color,
                    board: ReachBoard::new(board, color),
                    targets,
                    asked: CardSet::default(),
                    ready: CardSet::default(),
                    near: CardSet::default(),
                    at: Vec::new(),
                };
                if self.colors.try_push(reach).is_err() {
                    return ReachBoard::new(board, color).summary(card, targets);
                }
                self.colors.len() - 1
            }
        };
        let c = &mut self.colors[i];
        if c.asked.contains(card) {
            let at = c.at.iter().find(|a| a.0 == card).map_or(Bitboard::EMPTY, |a| a.1);
            return ReachSummary { ready: c.ready.contains(card), near: c.near.contains(card), at };
        }
        let r = if self.with_targets { c.board.summary(card, c.targets) } else { c.board.ready_or_near(card) };
        c.asked.insert(card);
        if r.ready {
            c.ready.insert(card);
        }
        if r.near {
            c.near.insert(card);
        }
        if !r.at.is_empty() {
            c.at.push((card, r.at));
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tash_kalar_rules::{Piece, Position};

    fn board(text: &str) -> Board {
        Position::duel(text).unwrap().to_game().unwrap().board().clone()
    }

    fn blue() -> Color {
        Color::from_letter('b').unwrap()
    }

    #[test]
    fn reach_finds_a_pattern_one_placement_short() {
        let champion = CardId::parse("imperial.champion").unwrap();
        let full = board("9/9/9/9/3bb4/3bb4/4b4/9/9");
        let squares = tash_kalar_rules::cards::summoning_squares(&full, blue(), champion);
        assert!(!squares.is_empty());
        let r = reach(&full, blue(), champion);
        assert_eq!(r.ready, squares, "ready is the summoning squares");
        assert_eq!(r.ready & r.near, Bitboard::EMPTY);
        // take away a piece the pattern needs: a placement short
        let needed = full
            .of_color(blue())
            .squares()
            .find(|&s| {
                let mut b = full.clone();
                b.set(s, None);
                tash_kalar_rules::cards::summoning_squares(&b, blue(), champion).is_empty()
            })
            .expect("a piece the pattern needs");
        let mut short = full.clone();
        short.set(needed, None);
        let r = reach(&short, blue(), champion);
        assert!(r.ready.is_empty());
        assert!(!r.near.is_empty(), "one placement on {needed} completes it");
        // every near square is one that some single placement makes ready
        for at in r.near.squares() {
            let completes = short.empty_squares().squares().any(|e| {
                let mut b = short.clone();
                b.set(e, Some(Piece { color: blue(), rank: Rank::Common }));
                tash_kalar_rules::cards::summoning_squares(&b, blue(), champion).contains(at)
            });
            assert!(completes, "{at} is not one placement from a summoning");
        }
        // a lone piece is far from it
        let lone = board("9/9/9/9/4b4/9/9/9/9");
        assert_eq!(reach(&lone, blue(), champion), Reach { ready: Bitboard::EMPTY, near: Bitboard::EMPTY });
    }

    fn red() -> Color {
        Color::from_letter('r').unwrap()
    }

    fn card(id: &str) -> CardId {
        CardId::parse(id).unwrap()
    }

    /// Red's pieces make the Champion's pattern around e5 (the summoning
    /// square), where blue has a heroic piece; red holds the Champion.
    fn red_champion_over(board: &str, deck: &[&str]) -> Game {
        let mut p = Position::duel(board).unwrap();
        p.seats[1].beings = vec![card("imperial.champion")];
        p.seats[1].deck = tash_kalar_rules::pile::Pile::ordered(deck.iter().map(|c| card(c)));
        p.to_game().unwrap()
    }

    #[test]
    fn an_enemy_being_that_could_be_summoned_onto_an_upgraded_piece_is_a_danger() {
        let g = red_champion_over("9/9/9/9/3rb+4/3rr4/4r4/9/9", &[]);
        assert!(!reach(g.board(), red(), card("imperial.champion")).ready.is_empty());
        // the Champion surely in hand, ready, and over blue's heroic piece
        assert_eq!(enemy_threat(&g, 0, red()), (1.0, 2.0));
        // the heroic piece elsewhere: the being is still a threat, no danger
        let away = red_champion_over("4b+4/9/9/9/3r5/3rr4/4r4/9/9", &[]);
        assert_eq!(enemy_threat(&away, 0, red()), (1.0, 0.0));
        // one red piece short (its square empty): half of both
        let short = red_champion_over("9/9/9/9/4b+4/3rr4/4r4/9/9", &[]);
        assert_eq!(enemy_threat(&short, 0, red()), (0.5, 1.0));
        // the evaluation counts them by their weights, blue's value falls
        let w = Weights { threat: 0.3, danger: 0.5, ..Weights::hand_written() };
        let none = Weights { threat: 0.0, danger: 0.0, ..w.clone() };
        let drop = crate::eval::evaluate_with(&g, 0, &none) - crate::eval::evaluate_with(&g, 0, &w);
        assert!((drop - (0.3 + 0.5 * 2.0)).abs() < 1e-9, "{drop}");
        assert!((threats(&g, 0, &w, None) - 1.3).abs() < 1e-9);
        // red is not threatened by its own being
        assert_eq!(threats(&g, 1, &w, None), 0.0);
    }

    #[test]
    fn a_hidden_hand_is_judged_by_what_it_may_hold_the_same_in_every_dealing() {
        // red's hand of one card is one of four: the Champion and three
        // beings whose patterns red's pieces do not make
        let deck = ["imperial.cannon", "imperial.herald", "imperial.messenger"];
        let g = red_champion_over("9/9/9/9/3rb+4/3rr4/4r4/9/9", &deck);
        let (ready, danger) = enemy_threat(&g, 0, red());
        // the Champion counts a quarter; the others are judged too
        assert!(ready >= 0.25 && danger >= 0.5, "{ready} {danger}");
        let obs = g.observe(0);
        let seen = enemy_threat(obs.game(), 0, red());
        assert_eq!(seen, (ready, danger));
        let mut rng = 7u64;
        for _ in 0..10 {
            let dealt = obs.determinize(&mut |cards| {
                // a small deterministic shuffle
                for i in (1..cards.len()).rev() {
                    rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    cards.swap(i, (rng >> 33) as usize % (i + 1));
                }
            });
            assert_eq!(enemy_threat(&dealt, 0, red()), seen);
        }
    }

    #[test]
    fn a_being_a_placement_short_counts_as_partial_progress() {
        // blue holds the Champion one piece short of its pattern
        let mut p = Position::duel("9/9/9/9/4b4/3bb4/4b4/9/9").unwrap();
        p.seats[0].beings = vec![card("imperial.champion")];
        let g = p.to_game().unwrap();
        let w = Weights { near: 0.15, ..Weights::hand_written() };
        assert!((hand_value(&g, 0, &w, None) - 0.15).abs() < 1e-9);
        // the baseline's weights: nothing for it
        assert_eq!(hand_value(&g, 0, &Weights::hand_written(), None), 0.0);
        // ready, it counts as a ready being
        let mut p = Position::duel("9/9/9/9/3bb4/3bb4/4b4/9/9").unwrap();
        p.seats[0].beings = vec![card("imperial.champion")];
        let g = p.to_game().unwrap();
        assert_eq!(hand_value(&g, 0, &w, None), w.ready[1]);
    }

    #[test]
    fn cards_in_hand_count_only_as_far_as_actions_are_left() {
        // two ready beings: a heroic one and a common one
        let mut p = Position::duel("9/9/9/9/3bb4/3bb4/4b4/9/9").unwrap();
        p.seats[0].beings = vec![card("imperial.champion"), card("imperial.cannon")];
        let g = p.to_game().unwrap();
        let w = Weights::hand_written();
        let both = hand_value(&g, 0, &w, None);
        let ready: Vec<f64> = g.seat(0).beings.iter().map(|&c| hand_value_of(&g, c, &w)).collect();
        assert!(ready.iter().all(|&v| v > 0.0), "{ready:?}");
        assert!((both - ready.iter().sum::<f64>()).abs() < 1e-9);
        // one action left: only the better one; half an action: half of it
        let best = ready.iter().copied().fold(0.0, f64::max);
        assert!((hand_value(&g, 0, &w, Some(1.0)) - best).abs() < 1e-9);
        assert!((hand_value(&g, 0, &w, Some(0.5)) - best / 2.0).abs() < 1e-9);
        assert_eq!(hand_value(&g, 0, &w, Some(0.0)), 0.0);
        // blue is to act: its turn now and the rounds after
        assert_eq!(turns_left(&g, 0, 3.0), 4.0);
        assert_eq!(turns_left(&g, 1, 3.0), 3.0);
    }

    #[test]
    fn once_the_end_is_triggered_the_turns_left_are_exact() {
        // blue's turn triggered the end: red plays one more turn, blue none
        let mut p = Position::duel("9/9/9/9/4b4/9/9/9/9").unwrap();
        p.end = Some((0, 1));
        p.seats[0].beings = vec![card("imperial.champion")];
        let g = p.to_game().unwrap();
        assert_eq!(g.end_state().turns_left, Some(1));
        assert_eq!(turns_left(&g, 0, 5.0), 1.0, "only the current turn");
        assert_eq!(turns_left(&g, 1, 5.0), 1.0);
        // red's being threatens nothing once red has no turn left
        let mut p = Position::duel("9/9/9/9/3rb+4/3rr4/4r4/9/9").unwrap();
        p.seats[1].beings = vec![card("imperial.champion")];
        p.end = Some((1, 0));
        let g = p.to_game().unwrap();
        let w = Weights { threat: 0.3, danger: 0.5, ..Weights::hand_written() };
        assert_eq!(turns_left(&g, 1, 5.0), 0.0);
        assert_eq!(threats(&g, 0, &w, Some(0.0)), 0.0);
        assert!(threats(&g, 0, &w, None) > 0.0);
    }

    #[test]
    fn the_summary_of_a_reach_is_the_reach_summed_up() {
        use rand::{Rng, SeedableRng};
        use tash_kalar_rules::{Deck, Form, School};
        let decks = [Deck::Imperial, Deck::Legends, Deck::Highland, Deck::Sylvan];
        let cards: Vec<CardId> =
            decks.iter().chain(&[Deck::Everfrost, Deck::Nethervoid, Deck::Etherweave]).flat_map(|d| d.ids()).collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut boards = 0;
        for schools in [[School::Northern, School::Southern], [School::Sylvan, School::Highland]] {
            for _ in 0..6 {
                let mut g = Game::new(Form::Duel, &schools).unwrap();
                let mut steps = 0;
                while !g.is_over() && steps < 400 {
                    let v = g.legal_choices();
                    g.apply_unchecked(v[rng.gen_range(0..v.len())]);
                    steps += 1;
                    if steps % 10 != 0 {
                        continue;
                    }
                    boards += 1;
                    let board = g.board();
                    for color in g.seats().iter().map(|s| s.color) {
                        let random = Bitboard(rng.gen::<u128>()) & ON_BOARD;
                        let upgraded = board.of_color_at_least(color, Rank::Heroic);
                        let on_board = ReachBoard::new(board, color);
                        for &card in &cards {
                            let r = reach(board, color, card);
                            assert_eq!(on_board.ready_or_near(card), ReachSummary::of(r, Bitboard::EMPTY));
                            for targets in [Bitboard::EMPTY, upgraded, random, ON_BOARD] {
                                let narrow = reach_summary(board, color, card, targets);
                                assert_eq!(narrow, ReachSummary::of(r, targets));
                                // more targets find the same squares among these
                                // (what the shared cache relies on)
                                let more = targets | (Bitboard(rng.gen::<u128>()) & ON_BOARD);
                                let wide = reach_summary(board, color, card, more);
                                assert_eq!(ReachSummary { at: wide.at & targets, ..wide }, narrow);
                            }
                        }
                    }
                }
            }
        }
        assert!(boards > 50, "{boards} boards");
    }

    /// [`enemy_threat`] as it was before the shared cache: each card's
    /// whole reach, summed up against the seat's own upgraded pieces.
    fn plain_threat(g: &Game, seat: Seat, enemy: Color) -> (f64, f64) {
        let Some(s) = g.seat_of(enemy) else { return (0.0, 0.0) };
        let holder = g.seat(s);
        let pool = holder.beings.len() + holder.deck.len();
        if pool == 0 || holder.beings.is_empty() {
            return (0.0, 0.0);
        }
        let chance = holder.beings.len() as f64 / pool as f64;
        let upgraded = g.board().of_color_at_least(g.seat(seat).color, Rank::Heroic);
        let (mut ready, mut danger) = (0.0, 0.0);
        for card in holder.beings.iter().copied().chain(holder.deck.cards()) {
            let r = ReachSummary::of(reach(g.board(), enemy, card), upgraded);
            let share = if r.ready {
                1.0
            } else if r.near {
                NEAR_THREAT
            } else {
                continue;
            };
            ready += chance * share;
            let at_risk = r.at.squares().filter_map(|sq| g.board().get(sq)).map(|p| loss(p.rank)).fold(0.0, f64::max);
            danger += chance * share * at_risk;
        }
        (ready, danger)
    }

    #[test]
    fn one_cache_for_every_seat_gives_each_seat_its_own_threats_and_hands() {
        use rand::{Rng, SeedableRng};
        use tash_kalar_rules::{Form, School};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let w = Weights { danger: 0.4, ..Weights::default() };
        let no_danger = Weights { danger: 0.0, ..w.clone() };
        let mut checked = 0;
        let games: [(Form, &[School]); 2] = [
            (Form::Duel, &[School::Highland, School::Sylvan]),
            (Form::Melee, &[School::Northern, School::Southern, School::Highland]),
        ];
        for (form, schools) in games {
            for _ in 0..4 {
                let mut g = Game::new(form, schools).unwrap();
                let mut steps = 0;
                while !g.is_over() && steps < 300 {
                    let v = g.legal_choices();
                    g.apply_unchecked(v[rng.gen_range(0..v.len())]);
                    steps += 1;
                    if steps % 7 != 0 {
                        continue;
                    }
                    // one cache shared by every seat, as the evaluation does
                    let mut shared = ReachCache::new(&g, true);
                    let mut untargeted = ReachCache::new(&g, false);
                    for seat in 0..g.seat_count() as Seat {
                        let me = g.seat(seat).color;
                        for enemy in g.enemies_of(me) {
                            let plain = plain_threat(&g, seat, enemy);
                            assert_eq!(enemy_threat_with(&g, seat, enemy, &mut shared), plain);
                            assert_eq!(enemy_threat(&g, seat, enemy), plain);
                            assert_eq!(enemy_threat_with(&g, seat, enemy, &mut untargeted).0, plain.0);
                            checked += 1;
                        }
                        let alone = threats(&g, seat, &w, Some(2.0));
                        assert_eq!(threats_with(&g, seat, &w, Some(2.0), &mut shared), alone);
                        let untargeted_value = threats_with(&g, seat, &no_danger, None, &mut untargeted);
                        assert_eq!(untargeted_value, threats(&g, seat, &no_danger, None));
                        let hand = hand_value(&g, seat, &w, Some(3.0));
                        assert_eq!(hand_value_with(&g, seat, &w, Some(3.0), &mut shared), hand);
                        assert_eq!(hand_value_with(&g, seat, &w, Some(3.0), &mut untargeted), hand);
                    }
                }
            }
        }
        assert!(checked > 100, "{checked} threats");
    }

    fn hand_value_of(g: &Game, c: CardId, w: &Weights) -> f64 {
        if reach(g.board(), blue(), c).ready.is_empty() {
            0.0
        } else {
            w.ready[c.def().rank.index()]
        }
    }
}
