//! Computer players.
//!
//! A bot plays one seat and must decide only on what that seat may know.
//! It never gets the [`Game`] itself: it gets a [`Seat`] handle
//! ([`Seen`]) that answers the questions the seat could answer at the
//! table (its view, its legal choices). A searching bot that needs whole
//! games to simulate will get them from this handle too, by
//! determinization (hidden cards dealt at random consistently with the
//! view), never by reading the real hidden state.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Actor, Choice, Game, Seat, View};

/// What a bot is shown when it is its turn to choose.
pub struct Seen<'a> {
    game: &'a Game,
    seat: Seat,
}

impl<'a> Seen<'a> {
    /// The game as seen by `seat`, which must be the actor.
    ///
    /// # Panics
    /// If `seat` is not the one to choose: a bot is only asked on its turn.
    pub fn new(game: &'a Game, seat: Seat) -> Seen<'a> {
        assert_eq!(game.actor(), Actor::Seat(seat), "a bot is asked only when its seat chooses");
        Seen { game, seat }
    }

    /// The seat the bot plays.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Everything the seat may know.
    pub fn view(&self) -> View {
        self.game.view(self.seat)
    }

    /// The seat's legal choices, in the engine's stable order. (They depend
    /// only on the board and the seat's own cards.)
    pub fn legal_choices_into(&self, out: &mut Vec<Choice>) {
        self.game.legal_choices_into(out);
    }

    pub fn legal_choices(&self) -> Vec<Choice> {
        self.game.legal_choices()
    }
}

/// A computer player.
pub trait Bot {
    /// A short name for records and messages.
    fn name(&self) -> &str;

    /// Chooses one of the seat's legal choices.
    fn choose(&mut self, seen: &Seen) -> Choice;
}

/// Chooses uniformly among the legal choices, from a seeded generator (the
/// same seed gives the same choices in the same games).
pub struct RandomBot {
    rng: ChaCha8Rng,
    buf: Vec<Choice>,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: ChaCha8Rng::seed_from_u64(seed), buf: Vec::new() }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, seen: &Seen) -> Choice {
        seen.legal_choices_into(&mut self.buf);
        // the engine always offers at least one choice to the actor
        self.buf[self.rng.gen_range(0..self.buf.len())]
    }
}

/// Makes a bot by name (`random`), seeded.
pub fn by_name(name: &str, seed: u64) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(RandomBot::new(seed))),
        _ => None,
    }
}

/// The names [`by_name`] knows.
pub const NAMES: &[&str] = &["random"];

#[cfg(test)]
mod tests {
    use super::*;
    use tash_kalar_rules::{Position, Rank};

    fn game() -> Game {
        let mut p = Position::duel("9/9/9/4br3/9/4b4/9/9/9").unwrap();
        p.seats[0].beings = vec![tash_kalar_rules::CardId::parse("imperial.swordmaster").unwrap()];
        p.to_game().unwrap()
    }

    #[test]
    fn the_random_bot_picks_legal_choices_reproducibly() {
        let g = game();
        let legal = g.legal_choices();
        let picks = |seed| {
            let mut bot = RandomBot::new(seed);
            (0..50).map(|_| bot.choose(&Seen::new(&g, 0))).collect::<Vec<_>>()
        };
        let a = picks(3);
        assert_eq!(a, picks(3));
        assert_ne!(a, picks(4));
        assert!(a.iter().all(|c| legal.contains(c)));
        // uniform enough to reach more than a handful of the choices
        let distinct: std::collections::HashSet<_> = a.iter().collect();
        assert!(distinct.len() > 20, "{} distinct of {}", distinct.len(), legal.len());
    }

    #[test]
    fn a_bot_plays_a_position_to_a_legal_state() {
        let mut g = game();
        let mut bot = by_name("random", 1).unwrap();
        while g.actor() == Actor::Seat(0) {
            let c = bot.choose(&Seen::new(&g, 0));
            g.apply(c).unwrap();
        }
        assert!(g.pieces_accounted_for());
        assert!(g.board().count(tash_kalar_rules::Color::Blue, Rank::Common) >= 1);
        assert!(by_name("perfect", 1).is_none());
    }

    #[test]
    #[should_panic(expected = "only when its seat chooses")]
    fn a_bot_is_not_asked_out_of_turn() {
        let g = game();
        let _ = Seen::new(&g, 1);
    }
}
