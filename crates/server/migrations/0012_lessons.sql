-- The lessons a signed-in player has completed (`learn.rs`); a guest's
-- progress stays in the browser and is merged in on signing in.
-- Portable SQL: the PostgreSQL migrations take it as it is.
CREATE TABLE lesson_progress (
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    -- the lesson's id (`crates/learn/lessons/*.json`)
    lesson     TEXT NOT NULL,
    -- unix milliseconds
    done_at    INTEGER NOT NULL,
    PRIMARY KEY (account_id, lesson)
);
