//! What a bot receives when its seat is to choose: the legal choices,
//! the seat's view and, on first use, its observation; never the game.

use std::cell::OnceCell;

use tash_kalar_rules::{Actor, Choice, Game, Observation, Seat, View};

/// What one seat is to choose, as much as that seat may know and no more:
/// its legal choices (taken from the real game; the same list, in the same
/// order, as its observation's), its [`View`], and its [`Observation`],
/// built on first use. The game itself is not reachable from here.
pub struct Decision<'a> {
    game: &'a Game,
    seat: Seat,
    legal: Vec<Choice>,
    observation: OnceCell<Observation>,
}

impl<'a> Decision<'a> {
    /// The decision of `seat`, which must be the seat to choose in `game`.
    ///
    /// # Panics
    /// If `game` does not wait for `seat` to choose.
    pub fn new(game: &'a Game, seat: Seat) -> Decision<'a> {
        Decision::with_buffer(game, seat, Vec::new())
    }

    /// As [`Decision::new`], listing the legal choices into `buf` (taken
    /// back with [`Decision::into_buffer`]) to spare an allocation a step.
    pub fn with_buffer(game: &'a Game, seat: Seat, mut buf: Vec<Choice>) -> Decision<'a> {
        assert_eq!(game.actor(), Actor::Seat(seat), "a decision is the seat's to choose");
        game.legal_choices_into(&mut buf);
        Decision { game, seat, legal: buf, observation: OnceCell::new() }
    }

    /// The seat to choose.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The number of the turn being played (public: every seat sees it).
    pub fn turn(&self) -> u16 {
        self.game.turn().number
    }

    /// The seat's legal choices, in the engine's stable order.
    pub fn legal(&self) -> &[Choice] {
        &self.legal
    }

    /// Whether `choice` may be played now: one of the legal choices
    /// (resigning is not a choice: `Match::resign`).
    pub fn allows(&self, choice: Choice) -> bool {
        self.legal.contains(&choice)
    }

    /// A choice in its normal form (a summon's orientation made canonical),
    /// as the engine would apply it.
    pub fn normalize(&self, choice: Choice) -> Choice {
        self.game.normalize(choice)
    }

    /// What the seat knows of the game, built on the first call (a copy of
    /// the game with the unseen cards dealt canonically).
    pub fn observation(&self) -> &Observation {
        self.observation.get_or_init(|| {
            let obs = self.game.observe(self.seat);
            debug_assert_eq!(obs.game().legal_choices(), self.legal, "an observation lists the game's choices");
            obs
        })
    }

    /// The seat's view (what an outside engine receives).
    pub fn view(&self) -> View {
        self.game.view(self.seat)
    }

    /// The buffer the legal choices were listed in, for the next decision.
    pub fn into_buffer(self) -> Vec<Choice> {
        self.legal
    }
}
