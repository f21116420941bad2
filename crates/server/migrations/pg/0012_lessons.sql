-- The lessons a signed-in player has completed (`learn.rs`); a guest's
-- progress stays in the browser and is merged in on signing in.
-- The PostgreSQL twin of ../0012_lessons.sql.
CREATE TABLE lesson_progress (
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    -- the lesson's id (`crates/learn/lessons/*.json`)
    lesson     TEXT NOT NULL,
    -- unix milliseconds
    done_at    BIGINT NOT NULL,
    PRIMARY KEY (account_id, lesson)
);
