//! What the value network reads of a position: a fixed vector of numbers
//! for one seat of a game of two (the duel and the High Form), all of them
//! things the seat may know at a turn's start.
//!
//! The first is the linear evaluation's verdict ([`evaluate_end`](crate::eval::evaluate_end) for the
//! seat): it holds every hand-made term (pieces,
//! ready beings, tasks, threats, the end's lead) at the cost the search
//! already pays at its horizon, so the network only has to learn what a
//! weighted sum cannot: how those terms interact with the scores, the time
//! left, the cards held and the schools. The rest are plain counts.
//!
//! No hidden card enters: of the opponent only counts are read (cards in
//! hand by kind, deck size), which every player sees across the table, and
//! the linear evaluation's threat term looks at the opponent's hand and
//! deck together (every dealing of the hidden cards gives it the same, up
//! to the rounding of a sum taken in another order). The opponent's own
//! evaluation is not an input: it counts the beings in its hand.
//!
//! Beside those numbers, the board itself ([`board_inputs`]): which kind of
//! piece (the seat's or the opponent's, common, heroic or legendary) stands
//! on which square, read by the network as one-hot inputs of which only
//! those on are passed.

use arrayvec::ArrayVec;
use tash_kalar_rules::{Form, Game, Rank, School, Seat};

use crate::eval::{rounds_left, score_now, EndWeights};

/// The number of inputs.
pub const INPUTS: usize = 10 + 2 * 9 + 2 * School::ALL.len();

/// The linear evaluation's input is its value over this many points.
pub const LINEAR_UNIT: f64 = 10.0;

/// The input that says whether the end is triggered (1) or not (0).
pub const END_TRIGGERED: usize = 7;

/// One seat's inputs.
pub type Features = [f64; INPUTS];

/// Square indices (`(row - 1) * 9 + column - 1`, the cut corners never used).
pub const SQUARES: usize = 81;

/// The board's one-hot inputs: the seat's own common, heroic and legendary
/// pieces on each square, then the opponent's.
pub const BOARD_INPUTS: usize = 6 * SQUARES;

/// The board inputs on for one seat (one for each piece on the board), in
/// the order of the squares.
pub type BoardOn = ArrayVec<u16, SQUARES>;

/// The forms the network judges: those of two seats each on its own.
pub fn judged_form(form: Form) -> bool {
    matches!(form, Form::Duel | Form::HighForm)
}

/// The inputs for `seat` of `game` (a game of a [`judged_form`], not over),
/// given the linear evaluation's value of the position for the seat
/// (`linear`, in evaluation points) and the end weights that estimate the
/// rounds left.
pub fn features(game: &Game, seat: Seat, linear: f64, end: &EndWeights) -> Features {
    let mut x = [0.0; INPUTS];
    let other = 1 - seat;
    let (me, them) = (game.seat(seat), game.seat(other));
    let end_score = f64::from(game.end_score().max(1));
    let (mine, theirs) = (score_now(game, seat), score_now(game, other));
    let board = game.board();
    let mut k = 0;
    let mut put = |v: f64| {
        x[k] = v;
        k += 1;
    };
    put(linear / LINEAR_UNIT);
    put(mine / end_score);
    put(theirs / end_score);
    put((mine - theirs) / 10.0);
    put(rounds_left(game, end) / 10.0);
    put(f64::from(game.turn().number) / 40.0);
    put(f64::from(u8::from(game.turn().seat == seat)));
    put(f64::from(u8::from(game.end_state().turns_left.is_some())));
    put(f64::from(u8::from(game.form() == Form::HighForm)));
    put(game.legend_pile().len() as f64 / 10.0);
    for s in [me, them] {
        put(s.deck.len() as f64 / 20.0);
        put(s.beings.len() as f64 / 5.0);
        put(s.legends.len() as f64 / 3.0);
        put(s.flares.len() as f64 / 2.0);
        put(f64::from(u8::from(s.frozen.is_some())));
        put(f64::from(u8::from(s.gateway.is_some())));
        for r in Rank::ALL {
            put(board.count(s.color, r) as f64 / 8.0);
        }
    }
    for s in [me, them] {
        for school in School::ALL {
            put(f64::from(u8::from(s.school == school)));
        }
    }
    debug_assert_eq!(k, INPUTS);
    x
}

/// The board inputs on for `seat` of `game` (a game of two seats): for a
/// piece of rank `r` on square `q`, `r * 81 + q` if it is the seat's own,
/// `(3 + r) * 81 + q` if the opponent's.
pub fn board_inputs(game: &Game, seat: Seat) -> BoardOn {
    let own = game.seat(seat).color;
    game.board()
        .pieces()
        .map(|(sq, piece)| {
            let kind = piece.rank.index() + if piece.color == own { 0 } else { Rank::ALL.len() };
            (kind * SQUARES + sq.index()) as u16
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use tash_kalar_rules::pile::Pile;
    use tash_kalar_rules::{Position, School};

    use super::*;
    use crate::eval::{evaluate_end_seats, Weights};

    fn seat_features(game: &Game, seat: Seat) -> Features {
        let (w, e) = (Weights::default(), EndWeights::default());
        let linear = evaluate_end_seats(game, &w, &e);
        features(game, seat, linear[seat as usize], &e)
    }

    #[test]
    fn the_opponents_hidden_cards_change_nothing_a_seat_reads() {
        for (k, schools) in
            [[School::Sylvan, School::Highland], [School::Etherweave, School::Everfrost]].iter().enumerate()
        {
            for form in [Form::Duel, Form::HighForm] {
                let mut game = Game::new(form, schools).unwrap();
                let mut rng = ChaCha8Rng::seed_from_u64(k as u64 + 11);
                while !game.is_over() && game.turn().number < 7 {
                    let legal = game.legal_choices();
                    game.apply_unchecked(legal[rng.gen_range(0..legal.len())]);
                }
                assert!(!game.is_over());
                // the seat not to judge holds a being that its deck's top card replaces
                let mut p = Position::of(&game).unwrap();
                let (hand, deck) = (p.seats[1].beings.clone(), p.seats[1].deck.cards().collect::<Vec<_>>());
                assert!(!hand.is_empty() && !deck.is_empty());
                let mut new_hand = hand.clone();
                new_hand[0] = deck[0];
                new_hand.sort();
                let mut new_deck = deck.clone();
                new_deck[0] = hand[0];
                new_deck.reverse();
                p.seats[1].beings = new_hand;
                p.seats[1].deck = Pile::ordered(new_deck);
                let other = p.to_game().unwrap();
                assert_ne!(other.seat(1).beings, game.seat(1).beings);
                // the same, up to the rounding of the threat's sum (its terms in another order)
                let (a, b) = (seat_features(&game, 0), seat_features(&other, 0));
                assert!(a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-12), "{schools:?} {form:?}\n{a:?}\n{b:?}");
            }
        }
    }

    #[test]
    fn the_features_are_finite_and_name_the_schools() {
        let game = Game::new(Form::Duel, &[School::Nethervoid, School::Northern]).unwrap();
        let x = seat_features(&game, 0);
        assert!(x.iter().all(|v| v.is_finite()));
        let schools = &x[INPUTS - 2 * School::ALL.len()..];
        let index = |s: School| School::ALL.iter().position(|&t| t == s).unwrap();
        assert_eq!(schools[index(School::Nethervoid)], 1.0);
        assert_eq!(schools[School::ALL.len() + index(School::Northern)], 1.0);
        assert_eq!(schools.iter().sum::<f64>(), 2.0);
        assert_eq!(x[END_TRIGGERED], 0.0);
        let mut p = Position::duel("9/9/9/9/4b4/9/9/9/9").unwrap();
        assert_eq!(seat_features(&p.to_game().unwrap(), 0)[END_TRIGGERED], 0.0);
        p.end = Some((1, 1));
        assert_eq!(seat_features(&p.to_game().unwrap(), 0)[END_TRIGGERED], 1.0);
    }

    #[test]
    fn the_board_inputs_are_each_piece_from_the_seats_side() {
        // the first seat's (blue's) heroic piece on a5 and common on e5, red's legendary on e1
        let game = Position::duel("9/9/9/9/b+3b4/9/9/9/4r*4").unwrap().to_game().unwrap();
        assert_eq!(game.seat(0).color, tash_kalar_rules::Color::Blue);
        let (e5, a5, e1) = (4 * 9 + 4, 4 * 9, 4);
        assert_eq!(board_inputs(&game, 0).as_slice(), &[e1 + 5 * 81, a5 + 81, e5]);
        assert_eq!(board_inputs(&game, 1).as_slice(), &[e1 + 2 * 81, a5 + 4 * 81, e5 + 3 * 81]);
        assert!(board_inputs(&game, 0).iter().all(|&i| usize::from(i) < BOARD_INPUTS));
    }
}
