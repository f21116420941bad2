//! Bots: a bot seat's search started on the bot pool (`pool.rs`), in turn
//! with other games' bots, on its seat's [`Decision`], and its choice
//! played when it comes back (unless the game moved on meanwhile).

use std::time::Duration;

use rand::Rng;
use tash_kalar_bots::{Bot, Decision, Next};
use tash_kalar_rules::{Choice, Seat};
use tokio::task::JoinHandle;

use super::GameActor;
use crate::live::{Kind, Player};

pub(super) type BotResult = (Seat, u32, Option<Box<dyn Bot>>, Option<Choice>);

impl GameActor {
    pub(super) fn start_bot(&mut self, seat: Seat) -> JoinHandle<BotResult> {
        let spec = match &self.g.seats[seat as usize].player {
            Player::Bot(spec) => spec.clone(),
            Player::Human => "random".into(),
        };
        let seed = self.driver.rng().gen();
        // a stored spec is parsed and checked again (the database may hold one
        // from before the checks); one that fails gets no bot, and a random
        // choice is played for the seat (see bot_done)
        let bot =
            self.bots[seat as usize].take().or_else(|| crate::wire::bot_spec(&spec).ok().map(|spec| spec.build(seed)));
        // the bot's decision (and its observation, if the bot wants one) is
        // built on the pool's thread, from a copy of the game
        let game = self.g.game().clone();
        let version = self.g.version();
        let pause = self.bot_pause;
        let pool = self.pool.clone();
        let owner = self.owner.clone();
        tokio::spawn(async move {
            if !pause.is_zero() {
                tokio::time::sleep(pause).await;
            }
            let Some(mut bot) = bot else { return (seat, version, None, None) };
            // the bot thinks on the bot pool, in turn with other games' bots
            match pool
                .run(&owner, move || {
                    let c = bot.decide(&Decision::new(&game, seat));
                    (bot, c)
                })
                .await
            {
                Some((bot, c)) => (seat, version, Some(bot), Some(c)),
                None => (seat, version, None, None),
            }
        })
    }

    pub(super) async fn bot_done(&mut self, (seat, version, bot, choice): BotResult) {
        self.bots[seat as usize] = bot;
        if version != self.g.version() || self.driver.next(self.g.game()) != Next::Bot(seat) {
            // the game moved on while the bot thought (a resignation)
            return;
        }
        let legal = self.g.game().legal_choices();
        let choice = match choice {
            Some(c) if legal.contains(&c) => c,
            other => {
                tracing::error!(game = %self.g.id, seat, choice = ?other, "the bot gave no legal choice; a random one is played");
                legal[self.driver.rng().gen_range(0..legal.len())]
            }
        };
        if let Err(e) = self.commit(|g| g.apply(Some(seat), Kind::Choice, Some(choice)).map(|_| ())).await {
            tracing::error!(game = %self.g.id, error = %e, "the bot's choice was not saved");
            // wait a little before the bot tries again
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}
