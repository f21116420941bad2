-- 0016 (PostgreSQL only): the queue of bot decisions that bot workers
-- (`tash-kalar bot-worker`) take, for servers started with `--bot-workers`.
-- A row is a hint of work, never a game's state: the worker rebuilds the
-- game from its log at `version`. (0015 is the relayed commands'.)
CREATE TABLE bot_jobs (
    id         BIGSERIAL PRIMARY KEY,
    game_id    TEXT NOT NULL REFERENCES games (id),
    -- the game's version (entries in its log) the decision is for, and the
    -- seat to choose then: one job per position, whichever server asks
    version    INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    -- the bot's spec as stored for the seat (checked again by the worker)
    spec       TEXT NOT NULL,
    -- the bot's seed (a u64's bits)
    seed       BIGINT NOT NULL,
    -- whose turn the job takes among others (the bot pool's fairness key)
    owner      TEXT NOT NULL,
    -- queued, taken (by `worker`, alive while its heartbeat is recent) or answered
    state      TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'taken', 'answered')),
    worker     TEXT,
    -- unix milliseconds, the database's clock: the last sign of life of the
    -- worker holding the job, and how long after it the job is free again
    heartbeat  BIGINT,
    timeout_ms BIGINT,
    -- how many times the job was taken (a job taken again after its worker
    -- stopped counts twice)
    attempts   INTEGER NOT NULL DEFAULT 0,
    -- the search's iterations so far, for the players' progress bar
    iterations INTEGER NOT NULL DEFAULT 0,
    -- the choice in the project's notation, or 'none': the worker could not decide
    answer     TEXT,
    created    BIGINT NOT NULL,
    taken      BIGINT,
    answered   BIGINT,
    UNIQUE (game_id, version, seat)
);
-- the workers' search for the oldest free job, and the cleaning of old answers
CREATE INDEX bot_jobs_open ON bot_jobs (id) WHERE state <> 'answered';
CREATE INDEX bot_jobs_answered ON bot_jobs (answered) WHERE state = 'answered';
