//! The queue's SQL (table `bot_jobs`, PostgreSQL only): queueing a bot
//! decision, a worker taking the oldest free one (`FOR UPDATE SKIP
//! LOCKED`), its heartbeat, its answer, and reading and cleaning answers.
//!
//! Every time is the database's clock (`now()`), never a machine's: the
//! servers and workers asking may disagree by seconds.

use tash_kalar_rules::Seat;

use super::NONE;
use crate::store::{Postgres, StoreError};

/// The database's time in Unix milliseconds.
const NOW: &str = "(extract(epoch FROM now()) * 1000)::bigint";

/// A bot decision to queue: the seat to choose in the game at `version`,
/// the bot's spec and seed, and whose turn it takes among others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewJob {
    pub game: String,
    pub version: u32,
    pub seat: Seat,
    pub spec: String,
    pub seed: u64,
    /// The bot pool's fairness key (`pool.rs`): the game's creator's
    /// address, or the game.
    pub owner: String,
}

/// A job as a worker takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub id: i64,
    pub game: String,
    pub version: u32,
    pub seat: Seat,
    pub spec: String,
    pub seed: u64,
    pub owner: String,
    /// How many times it was taken, this time included.
    pub attempts: u32,
}

/// Where a job is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum JobState {
    Queued,
    Taken,
    Answered,
}

/// A job's whole row, as the tests and the operators read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobRow {
    pub job: Job,
    pub state: JobState,
    pub worker: Option<String>,
    pub iterations: u32,
    /// The choice in the project's notation; `Some(None)`: answered
    /// "none" (the worker could not decide).
    pub answer: Option<Option<String>>,
}

/// What the server waiting for a job reads of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Not answered yet; the search's iterations so far.
    Waiting { iterations: u32 },
    /// The choice in the project's notation, or `None`: the worker could
    /// not decide.
    Answered(Option<String>),
    /// No such job (cleaned, or never queued).
    Gone,
}

/// The queue of bot decisions on a PostgreSQL database; cheap to clone.
#[derive(Clone)]
pub struct Queue {
    pub(super) pg: Postgres,
}

fn answer_of(text: Option<String>) -> Option<String> {
    text.filter(|t| t != NONE)
}

fn state_of(text: &str) -> Result<JobState, StoreError> {
    match text {
        "queued" => Ok(JobState::Queued),
        "taken" => Ok(JobState::Taken),
        "answered" => Ok(JobState::Answered),
        other => Err(StoreError::BadRow(format!("a bot job in state {other:?}"))),
    }
}

fn seat_of(n: i32) -> Result<Seat, StoreError> {
    Seat::try_from(n).map_err(|_| StoreError::BadRow(format!("a bot job for seat {n}")))
}

const JOB_COLUMNS: &str = "id, game_id, version, seat, spec, seed, owner, attempts";

fn job_of(r: &tokio_postgres::Row) -> Result<Job, StoreError> {
    Ok(Job {
        id: r.get(0),
        game: r.get(1),
        version: r.get::<_, i32>(2) as u32,
        seat: seat_of(r.get(3))?,
        spec: r.get(4),
        seed: r.get::<_, i64>(5) as u64,
        owner: r.get(6),
        attempts: r.get::<_, i32>(7) as u32,
    })
}

impl Queue {
    /// Queues a decision and tells the workers (`tk_bot_jobs`); its id.
    /// The same position asked again (a game reloaded, or taken over by
    /// another server, while its bot thinks) is the same job: its answer,
    /// given or to come, serves the new asker.
    pub async fn enqueue(&self, job: &NewJob) -> Result<i64, StoreError> {
        let mut client = self.pg.client().await?;
        let tx = client.transaction().await?;
        let row = tx
            .query_one(
                &format!(
                    "INSERT INTO bot_jobs (game_id, version, seat, spec, seed, owner, created)
                     VALUES ($1, $2, $3, $4, $5, $6, {NOW})
                     ON CONFLICT (game_id, version, seat) DO UPDATE SET owner = EXCLUDED.owner
                     RETURNING id"
                ),
                &[
                    &job.game,
                    &(job.version as i32),
                    &i32::from(job.seat),
                    &job.spec,
                    &(job.seed as i64),
                    &job.owner,
                ],
            )
            .await?;
        let id: i64 = row.get(0);
        tx.execute("SELECT pg_notify('tk_bot_jobs', $1)", &[&id.to_string()]).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Takes the oldest free job for `worker`, which promises a heartbeat
    /// at least every `timeout` (else the job is free again). Free: queued,
    /// or taken by a worker whose heartbeat is older than its timeout.
    /// Owners take turns: a job of an owner with fewer jobs being decided
    /// now goes first, as on the bot pool. `None`: no free job.
    pub async fn take(&self, worker: &str, timeout: std::time::Duration) -> Result<Option<Job>, StoreError> {
        let timeout_ms = timeout.as_millis().min(i64::MAX as u128) as i64;
        let client = self.pg.client().await?;
        // one statement: a job locked by another taker is skipped, not
        // waited for, and never taken twice
        let row = client
            .query_opt(
                &format!(
                    "UPDATE bot_jobs SET state = 'taken', worker = $1, heartbeat = {NOW}, timeout_ms = $2,
                         attempts = attempts + 1, taken = {NOW}, iterations = 0
                     WHERE id = (
                         SELECT j.id FROM bot_jobs j
                         WHERE j.state = 'queued' OR (j.state = 'taken' AND j.heartbeat + j.timeout_ms < {NOW})
                         ORDER BY (SELECT count(*) FROM bot_jobs r
                                   WHERE r.owner = j.owner AND r.state = 'taken'
                                     AND r.heartbeat + r.timeout_ms >= {NOW}),
                                  j.id
                         LIMIT 1
                         FOR UPDATE SKIP LOCKED)
                     RETURNING {JOB_COLUMNS}"
                ),
                &[&worker, &timeout_ms],
            )
            .await?;
        row.as_ref().map(job_of).transpose()
    }

    /// The worker's sign of life while it decides, with its search's
    /// iterations so far; false once the job is no longer its own (taken
    /// again by another after a missed heartbeat, or answered).
    pub async fn heartbeat(&self, job: &Job, worker: &str, iterations: u32) -> Result<bool, StoreError> {
        let client = self.pg.client().await?;
        let n = client
            .execute(
                &format!(
                    "UPDATE bot_jobs SET heartbeat = {NOW}, iterations = $4
                     WHERE id = $1 AND worker = $2 AND attempts = $3 AND state = 'taken'"
                ),
                &[&job.id, &worker, &(job.attempts as i32), &(iterations.min(i32::MAX as u32) as i32)],
            )
            .await?;
        Ok(n == 1)
    }

    /// Gives a taken job back to the queue at once (a worker stopping),
    /// its attempt not counted; the workers are told.
    pub async fn release(&self, job: &Job, worker: &str) -> Result<(), StoreError> {
        let mut client = self.pg.client().await?;
        let tx = client.transaction().await?;
        let n = tx
            .execute(
                "UPDATE bot_jobs SET state = 'queued', worker = NULL, heartbeat = NULL, timeout_ms = NULL,
                     attempts = attempts - 1, taken = NULL, iterations = 0
                 WHERE id = $1 AND worker = $2 AND attempts = $3 AND state = 'taken'",
                &[&job.id, &worker, &(job.attempts as i32)],
            )
            .await?;
        if n == 1 {
            tx.execute("SELECT pg_notify('tk_bot_jobs', $1)", &[&job.id.to_string()]).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Answers a job: a choice in the project's notation, or `None` (the
    /// worker could not decide); the servers are told (`tk_bot_done`).
    /// The first answer stands: false if the job was answered already (a
    /// worker presumed dead that finished after all) or is gone.
    pub async fn answer(&self, job_id: i64, worker: &str, choice: Option<&str>) -> Result<bool, StoreError> {
        let mut client = self.pg.client().await?;
        let tx = client.transaction().await?;
        let n = tx
            .execute(
                &format!(
                    "UPDATE bot_jobs SET state = 'answered', answer = $2, worker = $3, answered = {NOW}
                     WHERE id = $1 AND state <> 'answered'"
                ),
                &[&job_id, &choice.unwrap_or(NONE), &worker],
            )
            .await?;
        if n == 1 {
            // delivered when the answer is committed, never before
            tx.execute("SELECT pg_notify('tk_bot_done', $1)", &[&job_id.to_string()]).await?;
        }
        tx.commit().await?;
        Ok(n == 1)
    }

    /// What the server waiting for a job reads of it.
    pub async fn progress(&self, job_id: i64) -> Result<Progress, StoreError> {
        let client = self.pg.client().await?;
        let row = client.query_opt("SELECT state, answer, iterations FROM bot_jobs WHERE id = $1", &[&job_id]).await?;
        let Some(row) = row else { return Ok(Progress::Gone) };
        Ok(match state_of(row.get(0))? {
            JobState::Answered => Progress::Answered(answer_of(row.get(1))),
            _ => Progress::Waiting { iterations: row.get::<_, i32>(2).max(0) as u32 },
        })
    }

    /// A job's whole row.
    pub async fn job(&self, job_id: i64) -> Result<Option<JobRow>, StoreError> {
        let client = self.pg.client().await?;
        let row = client
            .query_opt(
                &format!("SELECT {JOB_COLUMNS}, state, worker, iterations, answer FROM bot_jobs WHERE id = $1"),
                &[&job_id],
            )
            .await?;
        let Some(r) = row else { return Ok(None) };
        let state = state_of(r.get(8))?;
        Ok(Some(JobRow {
            job: job_of(&r)?,
            state,
            worker: r.get(9),
            iterations: r.get::<_, i32>(10).max(0) as u32,
            answer: (state == JobState::Answered).then(|| answer_of(r.get(11))),
        }))
    }

    /// Deletes the jobs answered more than `age` ago (their servers have
    /// read them, or stopped waiting); how many.
    pub async fn clean(&self, age: std::time::Duration) -> Result<u64, StoreError> {
        let age_ms = age.as_millis().min(i64::MAX as u128 / 2) as i64;
        let client = self.pg.client().await?;
        let n = client
            .execute(&format!("DELETE FROM bot_jobs WHERE state = 'answered' AND answered < {NOW} - $1"), &[&age_ms])
            .await?;
        Ok(n)
    }
}
