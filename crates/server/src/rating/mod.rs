//! Players' ratings: Glicko-2 (the `skillratings` crate), one rating per
//! pool, changed once by each rated game when it ends ([`settle`]).
//!
//! A rated game is one rating period for each of its players. A duel or
//! a High Form is one result against one opponent. A melee is ranked:
//! every pair of seats is a game of its own (the better place wins, equal
//! places draw), so a player of a melee of four has three results in the
//! period. Team play counts teams: a player's one result is against the
//! other team, seen as one opponent (the mean of its players' ratings,
//! the root mean square of their deviations); teammates are never each
//! other's opponents. Every player's new rating is computed from the
//! ratings before the game, so the order of the seats changes nothing.
//!
//! A deviation does not grow while a player does not play (no idle rating
//! periods): a rating period is a game, not a span of time.

mod levels;
mod settle;
mod store;

use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use tash_kalar_rules::Form;

use crate::error::Error;
use crate::wire::{CreateRequest, NewPlayer};

pub(crate) use levels::level_rating;
// `rating_of` is what pairing reads (a player's rating in a pool)
#[allow(unused_imports)]
pub(crate) use settle::rating_of;
pub(crate) use settle::{settle, settle_pg};

/// A kind of game rated apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Pool {
    Duel,
    HighForm,
    Melee,
    /// Both team forms (the team duel and the team High Form).
    Team,
}

impl Pool {
    pub const ALL: [Pool; 4] = [Pool::Duel, Pool::HighForm, Pool::Melee, Pool::Team];

    /// The pool's name in the API and the database.
    pub fn name(self) -> &'static str {
        match self {
            Pool::Duel => "duel",
            Pool::HighForm => "high-form",
            Pool::Melee => "melee",
            Pool::Team => "team",
        }
    }

    pub fn parse(text: &str) -> Option<Pool> {
        Pool::ALL.into_iter().find(|p| p.name() == text)
    }

    /// The pool a form's games are rated in; the first game is never rated.
    pub fn of_form(form: Form) -> Option<Pool> {
        match form {
            Form::Duel => Some(Pool::Duel),
            Form::HighForm => Some(Pool::HighForm),
            Form::Melee => Some(Pool::Melee),
            Form::TeamDuel | Form::TeamHighForm => Some(Pool::Team),
            Form::FirstGame => None,
        }
    }
}

/// Whether a new game may be rated as asked (`POST /api/games` with
/// `"rated": true`): a game of a rated pool (not the first game), no bots
/// (a game against a bot is never rated: the bots' levels have published
/// ratings of their own, `levels`), asked by a signed-in player, whose
/// seat is the one human seat not open: every other seat is open, and an
/// open seat of a rated game is joined by signed-in players only. So every
/// seat is an account's (accounts records who holds a seat) and the game
/// is rated when it ends ([`settle`] checks it again).
pub(crate) fn check_request(req: &CreateRequest, signed_in: bool) -> Result<(), Error> {
    if !req.rated {
        return Ok(());
    }
    if Pool::of_form(req.form).is_none() {
        return Err(Error::RatedForm);
    }
    if req.seats.iter().any(|s| s.player != NewPlayer::Human) {
        return Err(Error::RatedWithBots);
    }
    if !signed_in {
        return Err(Error::RatedNeedsAccount);
    }
    if req.seats.iter().filter(|s| !s.open).count() != 1 {
        return Err(Error::RatedSeats);
    }
    Ok(())
}

/// Glicko-2's system constant τ, as in Glickman's example (and the crate's
/// default): how much a volatility may change.
fn config() -> Glicko2Config {
    Glicko2Config { tau: 0.5, ..Glicko2Config::new() }
}

/// A new player's rating: 1500, deviation 350, volatility 0.06.
pub(crate) fn new_rating() -> Glicko2Rating {
    Glicko2Rating::new()
}

/// A seat's result against another from their places (0 the best).
fn outcome(mine: u8, theirs: u8) -> Outcomes {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Less => Outcomes::WIN,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
        std::cmp::Ordering::Greater => Outcomes::LOSS,
    }
}

/// The team of a seat in team play: seats 0 and 2 against 1 and 3.
fn team(seat: usize) -> usize {
    seat % 2
}

/// One team seen as one opponent: the mean of its ratings, the root mean
/// square of its deviations, the mean of its volatilities.
fn composite(players: &[Glicko2Rating]) -> Glicko2Rating {
    let n = players.len().max(1) as f64;
    Glicko2Rating {
        rating: players.iter().map(|p| p.rating).sum::<f64>() / n,
        deviation: (players.iter().map(|p| p.deviation * p.deviation).sum::<f64>() / n).sqrt(),
        volatility: players.iter().map(|p| p.volatility).sum::<f64>() / n,
    }
}

/// Each seat's results in a game: the opponents it is rated against and
/// its result against each (`teams`: team play, see the module's doc).
pub(crate) fn results(places: &[u8], before: &[Glicko2Rating], teams: bool) -> Vec<Vec<(Glicko2Rating, Outcomes)>> {
    (0..places.len())
        .map(|me| {
            if teams {
                let theirs: Vec<usize> = (0..places.len()).filter(|&s| team(s) != team(me)).collect();
                let Some(&first) = theirs.first() else { return Vec::new() };
                let ratings: Vec<Glicko2Rating> = theirs.iter().map(|&s| before[s]).collect();
                vec![(composite(&ratings), outcome(places[me], places[first]))]
            } else {
                (0..places.len()).filter(|&s| s != me).map(|s| (before[s], outcome(places[me], places[s]))).collect()
            }
        })
        .collect()
}

/// Every seat's rating after a game, from the ratings before it and the
/// places (one rating period per player).
pub(crate) fn rate_game(places: &[u8], before: &[Glicko2Rating], teams: bool) -> Vec<Glicko2Rating> {
    let config = config();
    results(places, before, teams)
        .iter()
        .zip(before)
        .map(|(results, player)| glicko2_rating_period(player, results, &config))
        .collect()
}

/// A seat's score in a game, 1 won, 0.5 drawn, 0 lost: in team play the
/// team's result; in a melee a win is the first place alone, a draw a
/// shared first place.
pub(crate) fn score(places: &[u8], seat: usize, teams: bool) -> f64 {
    if teams {
        let other = places.iter().enumerate().find(|&(s, _)| team(s) != team(seat)).map(|(_, &p)| p);
        return match other.map(|p| outcome(places[seat], p)) {
            Some(Outcomes::WIN) => 1.0,
            Some(Outcomes::LOSS) => 0.0,
            _ => 0.5,
        };
    }
    let best = places.iter().copied().min().unwrap_or(0);
    match (places[seat] == best, places.iter().filter(|&&p| p == best).count()) {
        (true, 1) => 1.0,
        (true, _) => 0.5,
        (false, _) => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Glicko2Rating {
        Glicko2Rating { rating, deviation, volatility: 0.06 }
    }

    /// Glickman, "Example of the Glicko-2 system" (glicko.net): a player
    /// of 1500 / 200 / 0.06 beats 1400 / 30, loses to 1550 / 100 and to
    /// 1700 / 300 in one rating period (τ = 0.5): 1464.06 / 151.52 / 0.05999.
    #[test]
    fn glickmans_example() {
        let player = r(1500.0, 200.0);
        let results =
            [(r(1400.0, 30.0), Outcomes::WIN), (r(1550.0, 100.0), Outcomes::LOSS), (r(1700.0, 300.0), Outcomes::LOSS)];
        let after = glicko2_rating_period(&player, &results, &config());
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_duel_is_one_result_each_and_the_winner_gains_what_the_loser_loses() {
        let before = [new_rating(), new_rating()];
        let res = results(&[1, 0], &before, false);
        assert_eq!(res[0], vec![(before[1], Outcomes::LOSS)]);
        assert_eq!(res[1], vec![(before[0], Outcomes::WIN)]);
        let after = rate_game(&[1, 0], &before, false);
        assert!(after[1].rating > 1500.0 && after[0].rating < 1500.0);
        assert!((after[1].rating - 1500.0 - (1500.0 - after[0].rating)).abs() < 1e-6);
        assert!(after[0].deviation < 350.0);
        // a draw between equals changes no rating
        let drawn = rate_game(&[0, 0], &before, false);
        assert!((drawn[0].rating - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn a_melee_is_every_pair_of_seats() {
        let before = [r(1500.0, 200.0), r(1400.0, 30.0), r(1550.0, 100.0), r(1700.0, 300.0)];
        // seat 2 first, seats 0 and 3 share second place, seat 1 last
        let places = [1, 3, 0, 1];
        let res = results(&places, &before, false);
        assert_eq!(res[0], vec![(before[1], Outcomes::WIN), (before[2], Outcomes::LOSS), (before[3], Outcomes::DRAW)]);
        assert!(res[2].iter().all(|(_, o)| *o == Outcomes::WIN));
        assert!(res[1].iter().all(|(_, o)| *o == Outcomes::LOSS));
        // the seat of Glickman's example, with his results: his figures
        let glickman = [1, 2, 0, 0];
        let after = rate_game(&glickman, &before, false);
        assert!((after[0].rating - 1464.06).abs() < 0.01, "{:?}", after[0]);
        // each player's period is computed from the ratings before the game
        let turned = [before[1], before[0], before[2], before[3]];
        let after_turned = rate_game(&[2, 1, 0, 0], &turned, false);
        assert_eq!(after_turned[1], after[0]);
        assert_eq!(score(&places, 2, false), 1.0);
        assert_eq!(score(&places, 0, false), 0.0);
        assert_eq!(score(&[0, 0, 1], 1, false), 0.5);
        assert_eq!(score(&[0, 1, 0, 2], 0, false), 0.5);
    }

    #[test]
    fn team_play_counts_teams() {
        let before = [r(1600.0, 100.0), r(1500.0, 100.0), r(1400.0, 100.0), r(1500.0, 300.0)];
        // seats 0 and 2 won
        let places = [0, 1, 0, 1];
        let res = results(&places, &before, true);
        for (seat, res) in res.iter().enumerate() {
            assert_eq!(res.len(), 1, "one result against the other team");
            let want = if seat % 2 == 0 { Outcomes::WIN } else { Outcomes::LOSS };
            assert_eq!(res[0].1, want);
        }
        // seat 0's opponent is the other team as one: mean rating, RMS deviation
        assert_eq!(res[0][0].0.rating, 1500.0);
        assert!((res[0][0].0.deviation - (50_000f64).sqrt()).abs() < 1e-9);
        assert_eq!(res[1][0].0.rating, 1500.0);
        assert_eq!(res[1][0].0.deviation, 100.0);
        let after = rate_game(&places, &before, true);
        assert!(after[0].rating > 1600.0 && after[2].rating > 1400.0);
        assert!(after[1].rating < 1500.0 && after[3].rating < 1500.0);
        assert_eq!(score(&places, 0, true), 1.0);
        assert_eq!(score(&places, 1, true), 0.0);
        assert_eq!(score(&[0, 0, 0, 0], 1, true), 0.5);
    }

    #[test]
    fn who_may_ask_for_a_rated_game() {
        let req = |seats: &str, rated: bool| {
            let body = format!(r#"{{"form":"duel","seats":{seats},"rated":{rated}}}"#);
            crate::wire::create_request(body.as_bytes()).unwrap()
        };
        let open = r#"[{"school":"northern","player":"human"},{"school":"southern","player":"human","open":true}]"#;
        let bot = r#"[{"school":"northern","player":"human"},{"school":"southern","player":"bot","bot":"easy"}]"#;
        let links = r#"[{"school":"northern","player":"human"},{"school":"southern","player":"human"}]"#;
        assert_eq!(check_request(&req(open, true), true), Ok(()));
        assert_eq!(check_request(&req(open, true), false), Err(Error::RatedNeedsAccount));
        assert_eq!(check_request(&req(bot, true), true), Err(Error::RatedWithBots));
        assert_eq!(check_request(&req(links, true), true), Err(Error::RatedSeats));
        assert_eq!(check_request(&req(bot, false), false), Ok(()), "an unrated game is anyone's");
        let first = crate::wire::create_request(
            br#"{"form":"first-game","seats":[{"school":"northern","player":"human"},
                {"school":"southern","player":"human","open":true}],"rated":true}"#,
        )
        .unwrap();
        assert_eq!(check_request(&first, true), Err(Error::RatedForm));
    }

    #[test]
    fn pools_by_form() {
        assert_eq!(Pool::of_form(Form::FirstGame), None);
        assert_eq!(Pool::of_form(Form::TeamDuel), Some(Pool::Team));
        assert_eq!(Pool::of_form(Form::TeamHighForm), Some(Pool::Team));
        for p in Pool::ALL {
            assert_eq!(Pool::parse(p.name()), Some(p));
        }
    }
}
