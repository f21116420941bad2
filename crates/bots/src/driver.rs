//! The one loop that drives a game, for every front end: who acts next
//! (chance, a bot, a person), chance's draws from a seeded generator, and
//! what a bot receives when it is to choose (a [`Decision`]).
//!
//! A front end asks [`Driver::next`] what comes next and does it its own
//! way: applies chance's draw, runs a bot here, on a thread or on the
//! server's pool, or waits for a person. [`Driver::run`] is the whole loop
//! for bots in this thread (self-play, tournaments, [`crate::play_game`]):
//! to the end, to the next person, or to the caps.
//!
//! Pure like the rest of the crate: no threads, no I/O; the generator is
//! the caller's to seed.
//!
//! A [`Decision`] gives a bot the deciding seat's legal choices straight
//! from the game (no copy), its view, and its observation built only if
//! the bot asks for it: a random bot never pays for the copy and the
//! canonical dealing an observation costs.

use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Actor, Choice, Game, Match, PlayError, Seat};

use crate::bot::{Bot, GameError};

pub use crate::decision::Decision;

/// Who plays a seat.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Seating {
    /// A computer player: the front end runs it when [`Next::Bot`] says so.
    Bot,
    /// Someone at the table or over the network: the front end waits.
    Person,
}

/// What comes next in a game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Next {
    /// Nobody is to choose: the game is over.
    Over,
    /// Chance is to choose, and drew this (already drawn from the driver's
    /// generator: apply it; asking again draws again).
    Chance(Choice),
    /// A bot is to choose for this seat: run it (here, on a thread, on a
    /// pool) on the seat's [`Decision`].
    Bot(Seat),
    /// A person is to choose for this seat: wait for them.
    Person(Seat),
}

/// When [`Driver::run`] gives a game up as unfinished: random play ends
/// far sooner, but a game whose decks are empty from the start may never end.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Caps {
    /// Choices of every actor, chance included, in one run.
    pub choices: u32,
    /// The game's turn number.
    pub turns: u16,
}

impl Default for Caps {
    /// The caps self-play has always had: 200 000 choices, 10 000 turns.
    fn default() -> Caps {
        Caps { choices: 200_000, turns: 10_000 }
    }
}

/// Why [`Driver::run`] stopped.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Stop {
    /// The game is over.
    Over,
    /// A person is to choose for this seat.
    Person(Seat),
    /// The caps were reached first.
    Capped,
}

/// What one [`Driver::run`] did.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Ran {
    pub stop: Stop,
    /// Choices of every actor, chance included.
    pub steps: u32,
    /// Choices the bots made.
    pub bot_choices: u32,
}

/// What the driver plays on: a bare [`Game`] (the fastest), or a [`Match`]
/// that keeps the record.
pub trait Playing {
    fn game(&self) -> &Game;
    /// Applies a choice the driver has checked (a draw it listed, a bot's
    /// choice among the legal ones).
    fn apply_checked(&mut self, choice: Choice);
}

impl Playing for Game {
    fn game(&self) -> &Game {
        self
    }
    fn apply_checked(&mut self, choice: Choice) {
        self.apply_unchecked(choice)
    }
}

impl Playing for Match {
    fn game(&self) -> &Game {
        Match::game(self)
    }
    fn apply_checked(&mut self, choice: Choice) {
        self.apply_unchecked(choice)
    }
}

/// Drives games: chance's generator and who plays each seat.
///
/// A front end's loop, a person in seat 0 against a random bot:
/// ```
/// use tash_kalar_bots::{Bot, Decision, Driver, Next, RandomBot, Seating};
/// use tash_kalar_rules::{Form, Match, Mover, School};
///
/// let mut m = Match::new(Form::Duel, &[School::Northern, School::Southern], None).unwrap();
/// let mut driver = Driver::new(42, vec![Seating::Person, Seating::Bot]);
/// let mut bot = RandomBot::new(7);
/// let mut person = RandomBot::new(8); // stands in for the keyboard
/// loop {
///     // every act passes the match's gate
///     let (by, choice) = match driver.next(m.game()) {
///         Next::Over => break,
///         Next::Chance(draw) => (Mover::Chance, draw),
///         Next::Bot(seat) => (Mover::Seat(seat), bot.decide(&Decision::new(m.game(), seat))),
///         Next::Person(seat) => (Mover::Seat(seat), person.decide(&Decision::new(m.game(), seat))),
///     };
///     m.act(by, choice).unwrap();
/// }
/// assert!(m.game().is_over());
/// ```
pub struct Driver<R = ChaCha8Rng> {
    chance: R,
    seats: Vec<Seating>,
    buf: Vec<Choice>,
}

impl Driver<ChaCha8Rng> {
    /// Chance from a ChaCha8 generator seeded with `chance_seed` (as
    /// self-play, tournaments and `play` have always drawn it).
    pub fn new(chance_seed: u64, seats: Vec<Seating>) -> Driver {
        Driver::with_rng(ChaCha8Rng::seed_from_u64(chance_seed), seats)
    }

    /// Every one of `seats` seats played by a bot.
    pub fn bots(chance_seed: u64, seats: usize) -> Driver {
        Driver::new(chance_seed, vec![Seating::Bot; seats])
    }
}

impl<R: Rng> Driver<R> {
    /// Chance from any generator (the server's from entropy).
    pub fn with_rng(chance: R, seats: Vec<Seating>) -> Driver<R> {
        Driver { chance, seats, buf: Vec::new() }
    }

    /// Who plays each seat.
    pub fn seats(&self) -> &[Seating] {
        &self.seats
    }

    /// Hands a seat to a bot or a person from now on (the server's bot
    /// taking over a melee seat whose clock ran out).
    pub fn set_seating(&mut self, seat: Seat, seating: Seating) {
        self.seats[seat as usize] = seating;
    }

    /// Chance's generator, for a caller that draws more from it (the
    /// server seeds its bots from it).
    pub fn rng(&mut self) -> &mut R {
        &mut self.chance
    }

    /// What comes next in `game`; a chance draw is made here (one
    /// `gen_range` over the listed draws, the same use of the generator
    /// as every loop before the driver), the caller applies it. A seat not
    /// in [`Driver::seats`] counts as a person's.
    pub fn next(&mut self, game: &Game) -> Next {
        match game.actor() {
            Actor::Nobody => Next::Over,
            Actor::Chance => match self.draw(game) {
                Some(c) => Next::Chance(c),
                // never in a valid game: chance with nothing to draw
                None => Next::Over,
            },
            Actor::Seat(s) => match self.seats.get(s as usize) {
                Some(Seating::Bot) => Next::Bot(s),
                _ => Next::Person(s),
            },
        }
    }

    /// Chance's draw, if chance is to choose (and has something to draw).
    pub fn draw(&mut self, game: &Game) -> Option<Choice> {
        if game.actor() != Actor::Chance {
            return None;
        }
        game.legal_choices_into(&mut self.buf);
        if self.buf.is_empty() {
            return None;
        }
        Some(self.buf[self.chance.gen_range(0..self.buf.len())])
    }

    /// Plays `g` with `bots` (one per seat, by index; a person's entry is
    /// never asked) in this thread until the game is over, a person is to
    /// choose, or `caps` are reached. Every bot is asked through
    /// [`Bot::decide`]; a choice that is not legal, or a player that says
    /// it failed ([`Bot::take_error`]), stops the game with an error.
    pub fn run<P: Playing + ?Sized>(
        &mut self,
        g: &mut P,
        bots: &mut [Box<dyn Bot>],
        caps: Caps,
    ) -> Result<Ran, GameError> {
        let (mut steps, mut bot_choices) = (0u32, 0u32);
        let stop = loop {
            if steps >= caps.choices || g.game().turn().number >= caps.turns {
                if g.game().is_over() {
                    break Stop::Over;
                }
                break Stop::Capped;
            }
            match self.next(g.game()) {
                Next::Over => break Stop::Over,
                Next::Person(s) => break Stop::Person(s),
                Next::Chance(c) => g.apply_checked(c),
                Next::Bot(s) => {
                    let Some(bot) = bots.get_mut(s as usize) else {
                        return Err(GameError::Players(bots.len(), g.game().seats().len()));
                    };
                    let d = Decision::with_buffer(g.game(), s, std::mem::take(&mut self.buf));
                    let c = bot.decide(&d);
                    let legal = d.allows(c);
                    self.buf = d.into_buffer();
                    if let Some(error) = bot.take_error() {
                        return Err(GameError::Player { player: bot.name(), error });
                    }
                    if !legal {
                        let error = PlayError::Illegal { choice: c }.to_string();
                        return Err(GameError::Illegal { player: bot.name(), choice: c, error });
                    }
                    g.apply_checked(c);
                    bot_choices += 1;
                }
            }
            steps += 1;
        };
        Ok(Ran { stop, steps, bot_choices })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::RandomBot;
    use tash_kalar_rules::{CardId, Form, Observation, School};

    /// The loop every front end had before the driver: an observation
    /// built at every bot step.
    fn old_loop(form: Form, schools: &[School], seed: u64) -> Game {
        let mut game = Game::new(form, schools).unwrap();
        let mut chance = ChaCha8Rng::seed_from_u64(seed);
        let mut bots: Vec<RandomBot> = (0..schools.len()).map(|s| RandomBot::new(seed ^ s as u64)).collect();
        let mut legal = Vec::new();
        while let Actor::Chance | Actor::Seat(_) = game.actor() {
            let c = match game.actor() {
                Actor::Seat(s) => bots[s as usize].choose(&game.observe(s)),
                _ => {
                    game.legal_choices_into(&mut legal);
                    legal[chance.gen_range(0..legal.len())]
                }
            };
            game.apply_unchecked(c);
        }
        game
    }

    fn forms() -> Vec<(Form, Vec<School>)> {
        use School::*;
        vec![
            (Form::Duel, vec![Northern, Southern]),
            (Form::HighForm, vec![Highland, Sylvan]),
            (Form::Melee, vec![Northern, Southern, Highland]),
            (Form::TeamDuel, vec![Northern, Southern, Highland, Sylvan]),
        ]
    }

    #[test]
    fn the_driver_plays_as_the_old_loop_did() {
        for (form, schools) in forms() {
            for seed in 0..3 {
                let mut game = Game::new(form, &schools).unwrap();
                let mut bots: Vec<Box<dyn Bot>> =
                    (0..schools.len()).map(|s| Box::new(RandomBot::new(seed ^ s as u64)) as Box<dyn Bot>).collect();
                let ran = Driver::bots(seed, schools.len()).run(&mut game, &mut bots, Caps::default()).unwrap();
                assert_eq!(ran.stop, Stop::Over);
                assert_eq!(game, old_loop(form, &schools, seed), "{form:?} seed {seed}");
            }
        }
    }

    #[test]
    fn the_driver_stops_for_a_person_and_goes_on() {
        let schools = [School::Northern, School::Southern];
        let mut game = Game::new(Form::Duel, &schools).unwrap();
        let mut driver = Driver::new(7, vec![Seating::Person, Seating::Bot]);
        let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(RandomBot::new(1)), Box::new(RandomBot::new(2))];
        let mut person = RandomBot::new(3);
        let mut persons_turns = 0;
        loop {
            let ran = driver.run(&mut game, &mut bots, Caps::default()).unwrap();
            match ran.stop {
                Stop::Over => break,
                Stop::Person(s) => {
                    assert_eq!(s, 0);
                    assert_eq!(driver.next(&game), Next::Person(0));
                    let c = person.decide(&Decision::new(&game, 0));
                    crate::testing::act(&mut game, c).unwrap();
                    persons_turns += 1;
                }
                Stop::Capped => panic!("capped"),
            }
        }
        assert!(persons_turns > 0);
        assert_eq!(driver.next(&game), Next::Over);
    }

    #[test]
    fn caps_give_a_game_up() {
        let schools = [School::Northern, School::Southern];
        let mut game = Game::new(Form::Duel, &schools).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(RandomBot::new(1)), Box::new(RandomBot::new(2))];
        let ran = Driver::bots(1, 2).run(&mut game, &mut bots, Caps { choices: 10, turns: 100 }).unwrap();
        assert_eq!((ran.stop, ran.steps), (Stop::Capped, 10));
        let ran = Driver::bots(1, 2).run(&mut game, &mut bots, Caps { choices: 1000, turns: 2 }).unwrap();
        assert_eq!(ran.stop, Stop::Capped);
        assert_eq!(game.turn().number, 2);
    }

    /// A bot that answers something never legal.
    struct Cheat;
    impl Bot for Cheat {
        fn name(&self) -> String {
            "cheat".into()
        }
        fn choose(&mut self, _: &Observation) -> Choice {
            Choice::Skip
        }
    }

    #[test]
    fn an_illegal_choice_stops_the_game() {
        let schools = [School::Northern, School::Southern];
        let mut game = Game::new(Form::Duel, &schools).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(Cheat), Box::new(Cheat)];
        let e = Driver::bots(1, 2).run(&mut game, &mut bots, Caps::default()).unwrap_err();
        assert!(matches!(e, GameError::Illegal { choice: Choice::Skip, .. }), "{e}");
    }

    #[test]
    #[should_panic(expected = "the seat's to choose")]
    fn a_decision_is_only_the_deciding_seats() {
        let mut game = Game::new(Form::Duel, &[School::Northern, School::Southern]).unwrap();
        let mut driver = Driver::bots(1, 2);
        while let Next::Chance(c) = driver.next(&game) {
            game.apply_unchecked(c);
        }
        let Next::Bot(s) = driver.next(&game) else { panic!("a seat is to choose") };
        let _ = Decision::new(&game, 1 - s);
    }

    #[test]
    fn a_decision_allows_its_legal_choices_only() {
        for (form, schools) in forms() {
            let mut game = Game::new(form, &schools).unwrap();
            let mut driver = Driver::bots(1, schools.len());
            while let Next::Chance(c) = driver.next(&game) {
                game.apply_unchecked(c);
            }
            let Next::Bot(s) = driver.next(&game) else { panic!("a seat is to choose") };
            let d = Decision::new(&game, s);
            assert!(!d.allows(Choice::Skip) || d.legal().contains(&Choice::Skip), "{form:?}");
            assert!(d.legal().iter().all(|&c| d.allows(c)));
        }
    }

    /// Every step of random games in every form: a decision lists the
    /// observation's choices, and a game that differs only in what the
    /// seat cannot see (its hidden cards dealt otherwise) gives the same
    /// decision: the same choices, view and observation.
    #[test]
    fn a_decision_shows_the_seat_what_it_may_see_and_no_more() {
        for (form, schools) in forms() {
            let mut game = Game::new(form, &schools).unwrap();
            let mut driver = Driver::bots(11, schools.len());
            let mut bot = RandomBot::new(5);
            let mut deal = ChaCha8Rng::seed_from_u64(9);
            let mut differed = 0;
            loop {
                match driver.next(&game) {
                    Next::Over => break,
                    Next::Chance(c) => game.apply_unchecked(c),
                    Next::Person(_) => unreachable!(),
                    Next::Bot(s) => {
                        let other = game.determinize(s, &mut |cards: &mut [CardId]| {
                            for i in (1..cards.len()).rev() {
                                cards.swap(i, deal.gen_range(0..=i));
                            }
                        });
                        differed += (other != game) as u32;
                        let (a, b) = (Decision::new(&game, s), Decision::new(&other, s));
                        assert_eq!(a.seat(), s);
                        assert_eq!(a.legal(), a.observation().game().legal_choices());
                        assert_eq!(a.legal(), b.legal());
                        assert_eq!(a.view(), b.view());
                        assert_eq!(a.view(), a.observation().game().view(s), "an engine sees the same view");
                        assert_eq!(a.observation(), b.observation());
                        let c = bot.decide(&a);
                        crate::testing::act(&mut game, c).unwrap();
                    }
                }
            }
            assert!(differed > 0, "{form:?}: the hidden cards were never dealt otherwise");
        }
    }
}
