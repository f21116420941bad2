-- 0007: games that always end (docs/server-protocol.md, "Games that end").
--
-- The log gains four kinds:
--   'abort'      the seat aborted the game before every seat had made its
--                first turn: the game is over with no result (its outcome
--                says "why": "aborted" and has no places);
--   'abandoned'  the seat was away on its turn and another seat claimed
--                against it: it loses a game of two sides (the outcome's
--                "why": "abandoned"); in a melee or team game a bot takes
--                it over, as after a timeout;
--   'claim-draw' the seat claimed a draw against its absent opponent;
--   'leave'      the seat left a melee or team game: a bot takes it over.
-- A game without a time control now has a move deadline: its clocks are
-- stored in `games.clocks` like a time for each move, and a missed one is
-- written as a 'timeout' (no new column).
--
-- SQLite cannot change a CHECK constraint, so the table is built again
-- with the same rows, as 0003 did; dropping the old table drops its
-- triggers, which are made again.
CREATE TABLE log_new (
    game_id  TEXT NOT NULL REFERENCES games (id),
    n        INTEGER NOT NULL,
    seat     INTEGER,
    kind     TEXT NOT NULL CHECK (kind IN ('choice', 'undo', 'resign', 'timeout',
                                          'abort', 'abandoned', 'claim-draw', 'leave')),
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
