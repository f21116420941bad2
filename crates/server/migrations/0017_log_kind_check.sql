-- 0017: the log's kinds checked by comparisons, not by `IN (...)`.
--
-- SQLite checks `kind IN ('choice', ...)` with eight values by building a
-- temporary b-tree of them at every insert: about two thirds of the cost
-- of appending an entry, which the server does at every move. The same
-- kinds written as comparisons are checked without it. (PostgreSQL has
-- no such cost: its log keeps its constraint.)
--
-- SQLite cannot change a CHECK constraint, so the table is built again
-- with the same rows, as 0007 did; dropping the old table drops its
-- triggers, which are made again.
CREATE TABLE log_new (
    game_id  TEXT NOT NULL REFERENCES games (id),
    n        INTEGER NOT NULL,
    seat     INTEGER,
    kind     TEXT NOT NULL CHECK (kind = 'choice' OR kind = 'undo' OR kind = 'resign' OR kind = 'timeout'
                                  OR kind = 'abort' OR kind = 'abandoned' OR kind = 'claim-draw' OR kind = 'leave'),
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
