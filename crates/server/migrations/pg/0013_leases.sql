-- 0013 (PostgreSQL only): leases on live games, for several servers on one
-- database. (0010-0012 are other features' migrations, numbered alike in
-- both stores; this one has no SQLite twin: one process holds every game
-- of a SQLite file.)
--
-- A live game is driven by one server process at a time: the one holding
-- its lease. `token` grows by one each time the lease changes hands and
-- is the fence: every write of a move checks, in its own transaction, that
-- the game's token is still the writer's, so a process that lost its lease
-- (paused, cut off, presumed dead) can never write a move after another
-- took the game over.
CREATE TABLE leases (
    game_id  TEXT PRIMARY KEY REFERENCES games (id),
    -- the holding process's name (any text unique among the servers)
    holder   TEXT NOT NULL,
    token    BIGINT NOT NULL,
    -- unix time in milliseconds: after it, another process may take over
    expires  BIGINT NOT NULL
);
