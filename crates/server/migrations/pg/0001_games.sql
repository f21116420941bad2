-- 0001: games, their seats, and their logs (PostgreSQL).
--
-- The same tables and meaning as ../0001_games.sql, whose comments say
-- what each column holds. SQLite's INTEGER (64 bits) is BIGINT here, its
-- BLOB is BYTEA; the log's append-only triggers call one function.

CREATE TABLE games (
    id       TEXT PRIMARY KEY,
    form     TEXT NOT NULL,
    created  BIGINT NOT NULL,
    updated  BIGINT NOT NULL,
    status   TEXT NOT NULL CHECK (status IN ('open', 'playing', 'over')),
    version  BIGINT NOT NULL DEFAULT 0,
    turn     BIGINT NOT NULL DEFAULT 0,
    scores   TEXT NOT NULL DEFAULT '[]',
    outcome  TEXT
);

CREATE INDEX games_by_status ON games (status, updated);

CREATE TABLE seats (
    game_id     TEXT NOT NULL REFERENCES games (id),
    seat        BIGINT NOT NULL,
    school      TEXT NOT NULL,
    player      TEXT NOT NULL CHECK (player IN ('human', 'bot')),
    bot         TEXT,
    name        TEXT,
    token_hash  BYTEA,
    taken       BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE log (
    game_id  TEXT NOT NULL REFERENCES games (id),
    n        BIGINT NOT NULL,
    seat     BIGINT,
    kind     TEXT NOT NULL CHECK (kind IN ('choice', 'undo', 'resign')),
    choice   TEXT,
    at       BIGINT NOT NULL,
    PRIMARY KEY (game_id, n)
);

-- The log is append-only: a take-back is a new entry, never a deletion.
CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the % is append-only', TG_ARGV[0];
END;
$$;

CREATE TRIGGER log_no_update BEFORE UPDATE ON log
    FOR EACH ROW EXECUTE FUNCTION append_only('game log');
CREATE TRIGGER log_no_delete BEFORE DELETE ON log
    FOR EACH ROW EXECUTE FUNCTION append_only('game log');
