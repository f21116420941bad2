-- 0014 (the PostgreSQL twin of ../0014_branches.sql): games branched from a finished game's position (`analysis/branch.rs`).
--
-- A branch is stored as a game of its own, its log starting with the
-- source's first `at` entries; this row says where it came from. No
-- foreign key: a game's rows are never deleted, and the link is shown
-- only as far as it goes.
CREATE TABLE branches (
    game_id TEXT PRIMARY KEY,
    source  TEXT NOT NULL,
    at      BIGINT NOT NULL,
    created BIGINT NOT NULL
);
CREATE INDEX branches_by_source ON branches (source);
