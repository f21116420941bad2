-- 0003: time controls and clocks, private games, rematches, chat, and
-- losses on time in the log.
--
-- A game's time control is chosen when it is created and never changes:
-- 'none', 'move:S' (S seconds for each move, the clock set again when the
-- seat's turn comes) or 'game:S+I' (S seconds for the game, I seconds
-- added when the seat's clock stops). The clocks themselves change with
-- every move: `clocks` holds JSON {"remaining":[ms, ...],"running":seat|null,
-- "since":unix_ms}: each seat's time left as of `since`, and the seat whose
-- clock has been running since then. A server that was down charges the
-- running clock for the time it was down (see docs/server-protocol.md).
ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';
ALTER TABLE games ADD COLUMN clocks TEXT;

-- 1: not listed in the lobby (reachable by its link only)
ALTER TABLE games ADD COLUMN private INTEGER NOT NULL DEFAULT 0;

-- the game this one is a rematch of, and the rematch made of this one
ALTER TABLE games ADD COLUMN rematch_of TEXT;
ALTER TABLE games ADD COLUMN rematch TEXT;

-- The seated players' chat, numbered from 1 in each game. Plain text, at
-- most 500 characters; kept with the game, shown to its watchers too.
CREATE TABLE chat (
    game_id  TEXT NOT NULL REFERENCES games (id),
    n        INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    text     TEXT NOT NULL,
    -- unix time in milliseconds
    at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;

-- The log gains the kind 'timeout': the seat's time ran out. In a game of
-- two sides the seat loses (as a resignation would lose it); in a melee or
-- a team game a bot takes the seat over. SQLite cannot change a CHECK
-- constraint, so the table is built again with the same rows (dropping
-- the old table fires no trigger).
CREATE TABLE log_new (
    game_id  TEXT NOT NULL REFERENCES games (id),
    n        INTEGER NOT NULL,
    seat     INTEGER,
    kind     TEXT NOT NULL CHECK (kind IN ('choice', 'undo', 'resign', 'timeout')),
    choice   TEXT,
    at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;
INSERT INTO log_new (game_id, n, seat, kind, choice, at) SELECT game_id, n, seat, kind, choice, at FROM log;
DROP TABLE log;
ALTER TABLE log_new RENAME TO log;

CREATE TRIGGER log_no_update BEFORE UPDATE ON log
BEGIN
    SELECT RAISE(ABORT, 'the game log is append-only');
END;

CREATE TRIGGER log_no_delete BEFORE DELETE ON log
BEGIN
    SELECT RAISE(ABORT, 'the game log is append-only');
END;

CREATE TRIGGER chat_no_update BEFORE UPDATE ON chat
BEGIN
    SELECT RAISE(ABORT, 'the chat is append-only');
END;
