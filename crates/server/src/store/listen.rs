//! PostgreSQL's `LISTEN`/`NOTIFY` for the processes sharing a database:
//! one connection per process listens on every channel of [`CHANNELS`]
//! and hands each notification to whoever subscribed ([`Listener`]).
//!
//! A notification is a hint, never the data: whoever receives one reads
//! what changed from the database (a game's log by version, a job's row).
//! So a notification lost while the connection was down costs nothing but
//! time: after it reconnects, the listener sends [`Heard::Resync`] and
//! every subscriber reads again what it follows. A subscriber that falls
//! behind (the channel's buffer overflowed) is told the same way.

use std::time::Duration;

use tokio::sync::broadcast;
use tokio_postgres::AsyncMessage;

use super::{Postgres, StoreError};

/// The channels a server or worker listens on. `tk_game`: a game's new
/// state is stored (payload: `<game id> <version>`); `tk_inbox`: a
/// command for a game's driving process (payload: the game id);
/// `tk_reply`: a command's answer is stored (payload: the command's id);
/// `tk_bot_jobs`: a bot decision is queued; `tk_bot_done`: one is answered
/// (payload: the job's id).
pub const CHANNELS: &[&str] = &["tk_game", "tk_inbox", "tk_reply", "tk_bot_jobs", "tk_bot_done"];

/// How many notifications a slow subscriber may have waiting before it is
/// told to read everything again.
const BUFFER: usize = 4096;

/// The longest wait between two tries to reconnect.
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// What a subscriber hears.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    Note {
        channel: String,
        payload: String,
    },
    /// Notifications may have been missed (a reconnection, or this
    /// subscriber fell behind): read again what you follow.
    Resync,
}

/// The process's listening connection; cheap to clone.
#[derive(Clone)]
pub struct Listener {
    tx: broadcast::Sender<Heard>,
}

/// A subscription: notifications in the order the database sent them.
pub struct Subscription {
    rx: broadcast::Receiver<Heard>,
}

impl Subscription {
    /// The next notification, or [`Heard::Resync`] if some were missed;
    /// `None` once the listener has stopped (the store was dropped).
    pub async fn next(&mut self) -> Option<Heard> {
        match self.rx.recv().await {
            Ok(heard) => Some(heard),
            Err(broadcast::error::RecvError::Lagged(_)) => Some(Heard::Resync),
            Err(broadcast::error::RecvError::Closed) => None,
        }
    }
}

impl Listener {
    /// Starts listening on `config`'s database, reconnecting whenever the
    /// connection drops, until every [`Listener`] clone is dropped.
    pub(super) fn start(config: tokio_postgres::Config) -> Listener {
        let (tx, _) = broadcast::channel(BUFFER);
        let listener = Listener { tx };
        let weak = listener.tx.downgrade();
        tokio::spawn(async move {
            let mut backoff = Duration::from_millis(100);
            loop {
                let began = std::time::Instant::now();
                match listen(&config, &weak).await {
                    Ended::Unheld => return,
                    Ended::Lost(Some(e)) => tracing::warn!(error = %e, "notifications stopped; reconnecting"),
                    Ended::Lost(None) => tracing::warn!("the database closed the notifications; reconnecting"),
                }
                // a connection that lived a while starts the backoff again
                if began.elapsed() > MAX_BACKOFF * 2 {
                    backoff = Duration::from_millis(100);
                }
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_BACKOFF);
            }
        });
        listener
    }

    /// Notifications from now on.
    pub fn subscribe(&self) -> Subscription {
        Subscription { rx: self.tx.subscribe() }
    }
}

/// Why a connection's life ended.
enum Ended {
    /// Nobody holds the listener any more.
    Unheld,
    /// The connection failed or the database closed it (`None`: no error given).
    Lost(Option<tokio_postgres::Error>),
}

/// One connection's life: `LISTEN`s, then forwards each notification.
async fn listen(config: &tokio_postgres::Config, weak: &broadcast::WeakSender<Heard>) -> Ended {
    let (client, mut conn) = match config.connect(tokio_postgres::NoTls).await {
        Ok(c) => c,
        Err(e) => return Ended::Lost(Some(e)),
    };
    let (notes_tx, mut notes) = tokio::sync::mpsc::unbounded_channel();
    // the connection is polled by hand: its messages are the notifications
    let driver = tokio::spawn(async move {
        loop {
            let message = std::future::poll_fn(|cx| conn.poll_message(cx)).await;
            let note = match message {
                Some(Ok(AsyncMessage::Notification(n))) => {
                    Ok(Heard::Note { channel: n.channel().to_string(), payload: n.payload().to_string() })
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => Err(Some(e)),
                None => Err(None),
            };
            let last = note.is_err();
            if notes_tx.send(note).is_err() || last {
                return;
            }
        }
    });
    let statements: String = CHANNELS.iter().map(|c| format!("LISTEN {c};")).collect();
    let ended = match client.batch_execute(&statements).await {
        Err(e) => Ended::Lost(Some(e)),
        // anything sent while we were away is read again by the subscribers
        Ok(()) => match forward(weak, Heard::Resync) {
            false => Ended::Unheld,
            true => loop {
                match notes.recv().await {
                    Some(Ok(heard)) => {
                        if !forward(weak, heard) {
                            break Ended::Unheld;
                        }
                    }
                    Some(Err(e)) => break Ended::Lost(e),
                    None => break Ended::Lost(None),
                }
            },
        },
    };
    driver.abort();
    ended
}

/// Hands `heard` to the subscribers; false once nobody holds the listener.
fn forward(weak: &broadcast::WeakSender<Heard>, heard: Heard) -> bool {
    let Some(tx) = weak.upgrade() else { return false };
    // (no subscriber now is no error: nobody follows anything yet)
    let _ = tx.send(heard);
    true
}

impl Postgres {
    /// Sends a notification on one of [`CHANNELS`] (delivered when the
    /// transaction, here the statement, commits).
    pub async fn notify(&self, channel: &str, payload: &str) -> Result<(), StoreError> {
        debug_assert!(CHANNELS.contains(&channel), "{channel} is not listened on");
        self.client().await?.execute("SELECT pg_notify($1, $2)", &[&channel, &payload]).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use tash_kalar_testkit::pg::TempPostgres;

    use super::*;
    use crate::store::Store;

    async fn heard(sub: &mut Subscription) -> Heard {
        tokio::time::timeout(Duration::from_secs(10), sub.next()).await.expect("heard in time").expect("listening")
    }

    #[tokio::test]
    async fn a_notification_reaches_every_subscriber_after_a_first_resync() {
        let Some(pg) = TempPostgres::for_tests() else { return };
        let url = pg.database("listen").unwrap();
        let Store::Postgres(a) = Store::open_postgres(&url).await.unwrap() else { unreachable!() };
        let Store::Postgres(b) = Store::open_postgres(&url).await.unwrap() else { unreachable!() };
        let mut one = b.listener().subscribe();
        let mut two = b.listener().subscribe();
        // the first thing heard once listening is to read everything again
        assert_eq!(heard(&mut one).await, Heard::Resync);
        assert_eq!(heard(&mut two).await, Heard::Resync);
        // another process's notifications, in the order sent
        a.notify("tk_game", "g1 3").await.unwrap();
        a.notify("tk_reply", "42").await.unwrap();
        for sub in [&mut one, &mut two] {
            assert_eq!(heard(sub).await, Heard::Note { channel: "tk_game".into(), payload: "g1 3".into() });
            assert_eq!(heard(sub).await, Heard::Note { channel: "tk_reply".into(), payload: "42".into() });
        }
    }

    #[tokio::test]
    async fn a_lost_connection_is_made_again_and_said_with_a_resync() {
        let Some(pg) = TempPostgres::for_tests() else { return };
        let url = pg.database("relisten").unwrap();
        let Store::Postgres(a) = Store::open_postgres(&url).await.unwrap() else { unreachable!() };
        let mut sub = a.listener().subscribe();
        assert_eq!(heard(&mut sub).await, Heard::Resync);
        // the database ends the listening connection (as a restart would)
        a.client()
            .await
            .unwrap()
            .execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
                &[],
            )
            .await
            .unwrap();
        assert_eq!(heard(&mut sub).await, Heard::Resync);
        a.notify("tk_inbox", "g2").await.unwrap();
        assert_eq!(heard(&mut sub).await, Heard::Note { channel: "tk_inbox".into(), payload: "g2".into() });
    }
}
