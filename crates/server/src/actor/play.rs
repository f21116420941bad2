//! Play: a seat's choice, take-back or resignation, checked for what
//! belongs to the connection (the seat it holds, the version it saw) and
//! passed to the match, which judges the rest; chance's draws after every
//! change; the game's driver.

use rand::rngs::StdRng;
use tash_kalar_bots::{Driver, Seating};
use tash_kalar_rules::{Choice, ChoiceTextError, Seat};

use super::{Action, GameActor};
use crate::error::Error;
use crate::live::{Kind, LiveGame, Player};

/// The driver of a game: chance drawn from `rng`, the seats as the game
/// has them (a bot's or a person's).
pub fn driver(g: &LiveGame, rng: StdRng) -> Driver<StdRng> {
    let seats = g
        .seats
        .iter()
        .map(|s| match s.player {
            Player::Bot(_) => Seating::Bot,
            Player::Human => Seating::Person,
        })
        .collect();
    Driver::with_rng(rng, seats)
}

/// Lets chance choose until a seat (or nobody) is to choose.
pub fn run_chance(g: &mut LiveGame, driver: &mut Driver<StdRng>) {
    while let Some(draw) = driver.draw(g.game()) {
        if g.apply(None, Kind::Choice, Some(draw)).is_err() {
            break;
        }
    }
}

impl GameActor {
    pub(super) async fn act(
        &mut self,
        seat: Option<Seat>,
        claimed: Option<Seat>,
        version: Option<u32>,
        action: Action,
    ) -> Result<(), Error> {
        let Some(seat) = seat else {
            return Err(Error::SpectatorCannotPlay);
        };
        if let Some(c) = claimed.filter(|&c| c != seat) {
            return Err(Error::NotYourSeat { seat: c as usize + 1 });
        }
        if matches!(self.g.seats[seat as usize].player, Player::Bot(_)) {
            return Err(Error::TimeRanOut);
        }
        // (whether the game is over, whose turn it is and what is legal are
        // the match's to say: `LiveGame::apply` passes its refusal on)
        let current = self.g.version();
        match (version, &action) {
            (Some(v), _) if v != current => {
                return Err(Error::StaleVersion { version: v, current });
            }
            (
                None,
                Action::Choose(_) | Action::Undo | Action::TakebackOffer | Action::TakebackAnswer { accept: true },
            ) => {
                return Err(Error::VersionRequired);
            }
            _ => {}
        }
        match action {
            Action::Choose(text) => {
                // `resign` is a game-level message of its own, not a choice
                let choice: Choice = text.parse().map_err(|e: ChoiceTextError| match e {
                    ChoiceTextError::Resign => Error::ResignMessage,
                    e => Error::UnknownChoice { why: e.to_string(), text, rules: None },
                })?;
                self.commit(|g| g.apply(Some(seat), Kind::Choice, Some(choice)).map(|_| ())).await
            }
            // in a rated game a take-back is only ever agreed (`manners.rs`)
            Action::Undo if self.g.extras.rated => Err(Error::UndoRated),
            Action::Undo => self.commit(|g| g.apply(Some(seat), Kind::Undo, None).map(|_| ())).await,
            Action::TakebackOffer => self.takeback_offer(seat),
            Action::TakebackAnswer { accept } => self.takeback_answer(seat, accept).await,
            Action::Resign => self.commit(|g| g.apply(Some(seat), Kind::Resign, None).map(|_| ())).await,
            Action::Abort => self.abort(seat).await,
            Action::Claim(kind) => self.claim(seat, kind).await,
            Action::Leave => self.leave_game(seat).await,
        }
    }
}
