//! An evaluation of a game for one seat, in points: hand-written terms,
//! their weights ([`crate::weights`]) read from a file
//! (`crates/bots/weights/duel.json`) that [`crate::train`] can fit from
//! self-play.
//!
//! It counts what the form scores (points, and the points for enemy pieces
//! destroyed this turn that the end of the turn will add), the pieces on
//! the board (the material that patterns are made of), the beings in hand
//! that the seat could summon right now, and in the forms with tasks the
//! current tasks each seat meets (a task met at the end of one's own turn
//! is claimed).
//!
//! It works for any number of seats, by *sides*: a side is a color (a
//! player, or in team play a team, whose teammates share score, tasks and
//! pieces). A side's standing is its worth plus its material; its worth is
//! its score, except in a melee, where a player's score is its lowest
//! color: there the worth is mostly the lowest color and a little the mean
//! of its colors ([`Weights::melee_mean`]), since the rest of the ranking
//! looks at the next colors up, and points anywhere bring the end nearer.
//! The seat's value is its side's standing less a blend of its opponents'
//! standings: [`Weights::leader`] times the best opponent's plus the rest
//! times their mean. Against the best alone, a player would not care whom
//! else it harms and would only ever chase the leader; against the mean, it
//! would not mind a runaway leader, who is the one to end the game and take
//! first place (the only win). The blend also matches how results are
//! counted: the mean is the pairwise results the ratings use, the best is
//! first place. With one opponent (the duel, team play) both are the same.
//! A finished game is valued the same way by places: +WIN ahead of every
//! opponent, -WIN behind every one.
//!
//! For the search there are two more: [`evaluate_end`], the evaluation at
//! its horizon, which also knows the end of the game (a score lead counts
//! for more the fewer rounds are left, by the decks, the end score and the
//! final round; its weights are [`EndWeights`]), and [`quick_value`], scores and pieces only, cheap enough for the
//! playout policy to judge summons with.

use arrayvec::ArrayVec;
use tash_kalar_rules::board::{Color, Rank};
use tash_kalar_rules::{Game, Phase, Seat};

use crate::features;
// The weights are the evaluation's parameters: re-exported, callers keep
// finding them here.
pub use crate::weights::{EndWeights, Weights};

/// The value of a won game.
pub const WIN: f64 = 1000.0;

/// Points for destroying pieces of these ranks (common, heroic,
/// legendary): an unpaired common scores nothing.
fn destruction_points(k: [u8; 3]) -> i16 {
    2 * k[2] as i16 + k[1] as i16 + (k[0] / 2) as i16
}

/// Points a turn's destruction and its legends summoned will score when
/// the turn ends (a duel, of players or teams).
pub fn pending_points(game: &Game) -> f64 {
    if !game.form().deathmatch_scoring() || !in_turn(game) {
        return 0.0;
    }
    let me = game.active_color();
    let d = &game.turn().destroyed;
    let destroyed: f64 = game.enemies_of(me).map(|c| destruction_points(d[c.index()]) as f64).sum();
    destroyed + game.turn().legends_summoned as f64
}

/// The active seat is still acting in its turn: what it destroyed is not
/// scored yet.
fn in_turn(game: &Game) -> bool {
    matches!(game.phase(), Phase::Main | Phase::Effect | Phase::Returning | Phase::Placing | Phase::Improvise { .. })
}

/// Deathmatch Melee: a seat's points in each opponent's color, with what
/// the active seat's turn will add when it ends (its destruction by color,
/// the point for unpaired commons of two colors and a point a legend
/// summoned, each of these going to its lowest color it may).
pub fn melee_points(game: &Game, seat: Seat) -> ArrayVec<(Color, f64), 3> {
    let me = game.seat(seat).color;
    let mut points: ArrayVec<(Color, f64), 3> = game.enemies_of(me).map(|c| (c, game.points(seat, c) as f64)).collect();
    if game.turn().seat != seat {
        return points;
    }
    let t = game.turn();
    let (odd, legends): (ArrayVec<Color, 3>, u8) = match game.phase() {
        _ if in_turn(game) => {
            let mut odd = ArrayVec::new();
            for (c, p) in points.iter_mut() {
                let k = t.destroyed[c.index()];
                *p += destruction_points(k) as f64;
                if k[0] % 2 == 1 {
                    odd.push(*c);
                }
            }
            (if odd.len() >= 2 { odd } else { ArrayVec::new() }, t.legends_summoned)
        }
        // the turn is scored but for the points still to place
        Phase::Score { unpaired, legends } => (unpaired.colors().collect(), legends),
        _ => return points,
    };
    let add_to_lowest = |points: &mut ArrayVec<(Color, f64), 3>, allowed: &dyn Fn(Color) -> bool| {
        if let Some(e) = points.iter_mut().filter(|e| allowed(e.0)).min_by(|a, b| a.1.total_cmp(&b.1)) {
            e.1 += 1.0;
        }
    };
    if !odd.is_empty() {
        add_to_lowest(&mut points, &|c| odd.contains(&c));
    }
    for _ in 0..legends {
        add_to_lowest(&mut points, &|_| true);
    }
    points
}

/// The value of a finished game for `seat`, by places against each
/// opposing side (ahead +1, level 0, behind -1): the worst of them blended
/// with their mean as in the evaluation.
fn outcome_value(game: &Game, places: &[u8], seat: Seat, w: &Weights) -> f64 {
    let me = game.seat(seat).color;
    let mine = places[seat as usize];
    // one place per opposing color (teammates share theirs)
    let results: ArrayVec<f64, 4> = game
        .enemies_of(me)
        .filter_map(|c| game.seat_of(c))
        .map(|s| match places[s as usize].cmp(&mine) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.0,
            std::cmp::Ordering::Less => -1.0,
        })
        .collect();
    WIN * against(results.iter().map(|r| -r), w.leader).map_or(0.0, |x| -x)
}

/// A blend of opponents' standings: `leader` times the best plus the rest
/// times the mean; `None` without opponents.
fn against(standings: impl Iterator<Item = f64>, leader: f64) -> Option<f64> {
    let (mut best, mut sum, mut n) = (f64::NEG_INFINITY, 0.0, 0usize);
    for x in standings {
        best = best.max(x);
        sum += x;
        n += 1;
    }
    (n > 0).then(|| leader * best + (1.0 - leader) * sum / n as f64)
}

/// The value of `game` for `seat` with the default weights.
pub fn evaluate(game: &Game, seat: Seat) -> f64 {
    evaluate_with(game, seat, &Weights::default())
}

/// The value of `game` for `seat`: positive is good for the seat.
pub fn evaluate_with(game: &Game, seat: Seat, w: &Weights) -> f64 {
    evaluate_parts(game, seat, w, None, &mut Shared::default())
}

/// What the evaluations of one game for several seats share, worked out
/// once: the sides' standings and the cards' reach. Only for one game:
/// made afresh for each.
#[derive(Default)]
struct Shared<'g> {
    standings: Option<ArrayVec<(Color, f64), 4>>,
    reaches: Option<features::ReachCache<'g>>,
}

/// [`evaluate_with`], knowing the estimate of whole rounds left if given
/// (then with [`Weights::actions`] the hands count only as far as there
/// are actions left to play them).
fn evaluate_parts<'g>(game: &'g Game, seat: Seat, w: &Weights, rounds: Option<f64>, shared: &mut Shared<'g>) -> f64 {
    if let Some(outcome) = game.outcome() {
        return outcome_value(game, &outcome.places, seat, w);
    }
    let me = game.seat(seat).color;
    let standings = shared.standings.get_or_insert_with(|| side_standings(game, w));
    let mine = standings.iter().find(|s| s.0 == me).map_or(0.0, |s| s.1);
    let value = mine - against(standings.iter().filter(|s| s.0 != me).map(|s| s.1), w.leader).unwrap_or(0.0);
    // beings ready to summon (or nearly), and the enemies' threats
    let rounds = rounds.filter(|_| w.actions != 0.0);
    let actions = rounds.map(|r| 2.0 * features::turns_left(game, seat, r));
    let reaches = shared.reaches.get_or_insert_with(|| features::ReachCache::new(game, w.danger != 0.0));
    value + features::hand_value_with(game, seat, w, actions, reaches)
        - features::threats_with(game, seat, w, rounds, reaches)
}

/// Each side's (color's) standing: its worth (score, points to come, tasks
/// met) plus its pieces on the board.
fn side_standings(game: &Game, w: &Weights) -> ArrayVec<(Color, f64), 4> {
    let tasks = task_values(game, w);
    let active = game.turn().seat as usize;
    let pending = pending_points(game);
    let mut out: ArrayVec<(Color, f64), 4> = ArrayVec::new();
    for (s, seat) in game.seats().iter().enumerate() {
        let worth = if game.form().is_melee() {
            let points = melee_points(game, s as Seat);
            let lowest = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
            let mean = points.iter().map(|p| p.1).sum::<f64>() / points.len().max(1) as f64;
            if lowest.is_finite() {
                (1.0 - w.melee_mean) * lowest + w.melee_mean * mean
            } else {
                0.0
            }
        } else {
            // teammates share the score; the turn's points and the tasks go to the side
            let turn = if game.seats()[active].color == seat.color { pending } else { 0.0 };
            seat.score as f64 + turn + tasks[s]
        };
        // Etherweave: a pending being costs its side the causality penalty
        // at the end unless it is summoned (already in the score once over)
        let worth = worth - if game.is_over() { 0.0 } else { game.causality_penalty(s as Seat) as f64 };
        let worth = if game.is_over() { worth } else { worth + expansion_worth(game, s as Seat, w) };
        match out.iter_mut().find(|o| o.0 == seat.color) {
            // a teammate: the side's task is the better of the two seats'
            Some(o) => o.1 = o.1.max(worth),
            None => out.push((seat.color, worth)),
        }
    }
    let board = game.board();
    for (c, v) in out.iter_mut() {
        *v += Rank::ALL.into_iter().map(|r| w.piece[r.index()] * board.count(*c, r) as f64).sum::<f64>();
    }
    out
}

/// What an expansion school's own state is worth to a seat: an Everfrost
/// frozen card (a free effect later), a Nethervoid Gateway (standing, or
/// kept on an enemy's Merchant of Time to come back).
fn expansion_worth(game: &Game, seat: Seat, w: &Weights) -> f64 {
    let s = game.seat(seat);
    let frozen = if s.frozen.is_some() { w.frozen } else { 0.0 };
    let kept = game.seats().iter().any(|o| o.stored_gateway == Some(seat));
    let gateway = if s.gateway.is_some() || kept { w.gateway } else { 0.0 };
    frozen + gateway
}

/// Per seat, the worth of the current tasks it meets: in its own turn the
/// best task it may claim now (one claim a turn), otherwise the best
/// board-judged task it meets, each as a share of the task's points.
fn task_values(game: &Game, w: &Weights) -> ArrayVec<f64, 4> {
    let mut out: ArrayVec<f64, 4> = (0..game.seat_count()).map(|_| 0.0).collect();
    let Some(tb) = game.tasks() else { return out };
    if game.is_over() {
        return out;
    }
    let active = game.turn().seat as usize;
    for (s, seat) in game.seats().iter().enumerate() {
        let claiming = matches!(game.phase(), Phase::Main | Phase::Effect | Phase::Returning | Phase::Claim);
        let best = if s == active && claiming {
            game.claimable_tasks().iter().map(|t| t.points()).max().map(|p| p as f64 * w.task_now)
        } else {
            let enemies: ArrayVec<Color, 4> = game.enemies_of(seat.color).collect();
            tb.current
                .iter()
                .filter(|t| t.met_on_board(game.board(), seat.color, &enemies) == Some(true))
                .map(|t| t.points())
                .max()
                .map(|p| p as f64 * w.task_later)
        };
        out[s] = best.unwrap_or(0.0);
        // the way towards the tasks not met yet, while a turn is left
        let reachable = game.end_state().turns_left.is_none() || features::turns_left(game, s as Seat, 0.0) > 0.0;
        if w.progress != 0.0 && reachable {
            let enemies: ArrayVec<Color, 4> = game.enemies_of(seat.color).collect();
            out[s] += w.progress
                * tb.current
                    .iter()
                    .filter_map(|t| t.progress(game.board(), seat.color, &enemies).map(|p| (t.points(), p)))
                    .filter(|&(_, p)| p < 1.0)
                    .map(|(points, p)| points as f64 * p * p)
                    .sum::<f64>();
        }
    }
    out
}

/// A seat's score as the form counts it, with the points the turn in
/// progress will add: a duel's points (a team's), a melee's lowest color,
/// the task forms' claimed points and legendary pieces.
pub fn score_now(game: &Game, seat: Seat) -> f64 {
    if game.form().is_melee() {
        return melee_points(game, seat).iter().map(|p| p.1).fold(f64::INFINITY, f64::min).min(1e6);
    }
    let active = game.seats()[game.turn().seat as usize].color == game.seat(seat).color;
    let penalty = if game.is_over() { 0 } else { game.causality_penalty(seat) };
    game.seat(seat).score as f64 + if active { pending_points(game) } else { 0.0 } - penalty as f64
}

/// Whole rounds (each seat one turn) estimated to be left after the
/// current turn: exact once the end is triggered, otherwise the nearer of
/// the first deck to run out and the first seat to reach the end score,
/// plus the final round that follows the trigger.
pub fn rounds_left(game: &Game, e: &EndWeights) -> f64 {
    let seats = game.seat_count() as f64;
    if game.is_over() {
        return 0.0;
    }
    if let Some(t) = game.end_state().turns_left {
        return t as f64 / seats;
    }
    let cards = game
        .seats()
        .iter()
        .map(|s| if game.form().teams() { s.deck.upright() } else { s.deck.len() } as f64)
        .fold(f64::INFINITY, f64::min);
    let decks = cards / e.cards_per_turn.max(0.1);
    let best = if game.form().is_melee() {
        game.seats().iter().flat_map(|s| s.points.iter()).copied().max().unwrap_or(0) as f64
    } else {
        game.seats().iter().map(|s| s.score).max().unwrap_or(0) as f64
    };
    let score = (game.end_score() as f64 - best).max(0.0) / e.points_per_turn.max(0.1);
    decks.min(score) + 1.0
}

/// The evaluation at a search's horizon: [`evaluate_with`] plus the score
/// lead over the best opponent, weighted more the nearer the end: a lead is
/// worth more when there is little time left to lose it, and a seat that
/// trails wants the game to go on (not to run its own deck down).
pub fn evaluate_end(game: &Game, seat: Seat, w: &Weights, e: &EndWeights) -> f64 {
    evaluate_end_shared(game, seat, w, e, &mut Shared::default())
}

/// [`evaluate_end`] for every seat, in seat order (the same values, the
/// work the seats share done once).
pub fn evaluate_end_seats(game: &Game, w: &Weights, e: &EndWeights) -> ArrayVec<f64, 4> {
    let mut shared = Shared::default();
    (0..game.seat_count() as Seat).map(|s| evaluate_end_shared(game, s, w, e, &mut shared)).collect()
}

fn evaluate_end_shared<'g>(game: &'g Game, seat: Seat, w: &Weights, e: &EndWeights, shared: &mut Shared<'g>) -> f64 {
    if game.is_over() {
        return evaluate_parts(game, seat, w, None, shared);
    }
    let rounds = (w.actions != 0.0).then(|| rounds_left(game, e));
    let v = evaluate_parts(game, seat, w, rounds, shared);
    if e.lead == 0.0 {
        return v;
    }
    let me = game.seat(seat).color;
    let mine = score_now(game, seat);
    let best = (0..game.seat_count() as Seat)
        .filter(|&s| game.seat(s).color != me && game.enemies_of(me).any(|c| c == game.seat(s).color))
        .map(|s| score_now(game, s))
        .fold(f64::NEG_INFINITY, f64::max);
    if !best.is_finite() {
        return v;
    }
    v + e.lead * (mine - best) / (1.0 + rounds_left(game, e))
}

/// A cheap value of `game` for `seat` for the playout policy: scores and
/// pieces on the board, own side less the opponents' mean (no pattern
/// matching, no tasks).
pub fn quick_value(game: &Game, seat: Seat, w: &Weights) -> f64 {
    let me = game.seat(seat).color;
    let board = game.board();
    let material = |c: Color| Rank::ALL.into_iter().map(|r| w.piece[r.index()] * board.count(c, r) as f64).sum::<f64>();
    let t = game.turn();
    let active = game.seats()[t.seat as usize].color;
    let destroyed = |c: Color| {
        let k = t.destroyed[c.index()];
        2.0 * k[2] as f64 + k[1] as f64 + 0.5 * k[0] as f64
    };
    let scoring = game.form().deathmatch_scoring() || game.form().is_melee();
    let (mut sum, mut n) = (0.0, 0usize);
    for c in game.enemies_of(me) {
        let s = game.seat_of(c).map_or(0.0, |s| game.seat(s).score as f64);
        let taken = if scoring && c == active { game.enemies_of(c).map(destroyed).sum::<f64>() } else { 0.0 };
        sum += material(c) + s + taken;
        n += 1;
    }
    let taken = if scoring && me == active { game.enemies_of(me).map(destroyed).sum::<f64>() } else { 0.0 };
    let mine = material(me) + game.seat(seat).score as f64 + taken;
    mine - if n > 0 { sum / n as f64 } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pending_being_costs_its_side_the_causality_penalty() {
        use tash_kalar_rules::position::SeatSetup;
        use tash_kalar_rules::{CardId, Position, School};
        let mut p = Position::duel("9/9/9/9/4p4/9/9/9/9").unwrap();
        p.seats = vec![SeatSetup::new(School::Etherweave), SeatSetup::new(School::Northern)];
        p.seats[0].supply = (15, 3);
        let worm = CardId::parse("etherweave.paradox_worm").unwrap();
        p.seats[0].beings.push(worm);
        let free = p.to_game().unwrap();
        p.seats[0].pending = Some(worm);
        let pending = p.to_game().unwrap();
        let w = Weights::default();
        let diff = evaluate_with(&free, 0, &w) - evaluate_with(&pending, 0, &w);
        assert!(diff > 0.0, "a pending being is worth less: {diff}");
        assert_eq!(score_now(&free, 0) - score_now(&pending, 0), 2.0);
    }

    #[test]
    fn a_frozen_card_and_a_gateway_are_worth_something_to_their_seat() {
        use tash_kalar_rules::position::SeatSetup;
        use tash_kalar_rules::{CardId, Position, School, Square};
        // (the fitted defaults may hold one at 0: a Gateway fitted to 0
        // counts only through the summons it opens, in the other terms)
        let w = Weights { frozen: 0.4, gateway: 0.3, ..Weights::default() };
        // Everfrost: the same position with and without a frozen card
        let mut p = Position::duel("9/9/9/9/4w4/9/9/9/9").unwrap();
        p.seats = vec![SeatSetup::new(School::Everfrost), SeatSetup::new(School::Northern)];
        p.seats[0].supply = (15, 3);
        let plain = p.to_game().unwrap();
        p.seats[0].frozen = Some(CardId::parse("everfrost.ice_wyvern").unwrap());
        let frozen = p.to_game().unwrap();
        let diff = evaluate_with(&frozen, 0, &w) - evaluate_with(&plain, 0, &w);
        assert!((diff - w.frozen).abs() < 1e-9, "{diff}");
        assert!(
            evaluate_with(&frozen, 1, &w) < evaluate_with(&plain, 1, &w),
            "the opponent's frozen card counts against"
        );
        // Nethervoid: the same piece, the Gateway or not
        let mut p = Position::duel("9/9/9/9/4o4/9/9/9/9").unwrap();
        p.seats = vec![SeatSetup::new(School::Nethervoid), SeatSetup::new(School::Northern)];
        p.seats[0].supply = (15, 3);
        let plain = p.to_game().unwrap();
        p.seats[0].gateway = Some(Square::parse("e5").unwrap());
        let gateway = p.to_game().unwrap();
        let diff = evaluate_with(&gateway, 0, &w) - evaluate_with(&plain, 0, &w);
        assert!((diff - w.gateway).abs() < 1e-9, "{diff}");
        // the baseline's weights know nothing of either
        let v1 = Weights::hand_written();
        assert_eq!(evaluate_with(&gateway, 0, &v1), evaluate_with(&plain, 0, &v1));
    }

    /// A duel position, blue to act, red with `red_score` points, each deck
    /// holding `cards`.
    fn with_decks(red_score: i16, cards: usize) -> Game {
        use tash_kalar_rules::{Deck, Position};
        let mut p = Position::duel("9/9/9/9/4b4/9/9/9/9").unwrap();
        p.seats[1].score = red_score;
        for s in 0..2 {
            p.seats[s].deck = tash_kalar_rules::pile::Pile::ordered(Deck::Imperial.ids().take(cards));
        }
        p.to_game().unwrap()
    }

    #[test]
    fn a_flares_point_to_the_opponent_costs_more_near_the_end() {
        // invoking a flare scores a point for the opponent at once: the
        // evaluation counts it in the score, and at the horizon the more
        // the fewer rounds are left
        let (w, e) = (Weights::default(), EndWeights::default());
        let cost = |cards: usize| {
            evaluate_end(&with_decks(0, cards), 0, &w, &e) - evaluate_end(&with_decks(1, cards), 0, &w, &e)
        };
        let (late, early) = (cost(1), cost(16));
        assert!(early >= 1.0 - 1e-9, "at least the point itself: {early}");
        assert!(late > early + 0.2, "late {late}, early {early}");
        // the greedy evaluation counts the point alone
        let flat = evaluate_with(&with_decks(0, 1), 0, &w) - evaluate_with(&with_decks(1, 1), 0, &w);
        assert!((flat - 1.0).abs() < 1e-9, "{flat}");
    }
}
