-- 0015 (PostgreSQL only): what the servers sharing one database tell
-- each other about a live game beyond its stored state (`cluster`). No
-- SQLite twin: one process holds every game of a SQLite file.

-- Commands for a game's driving server, written by a server that only
-- mirrors the game (its connection's act, join, chat ...): `command` is
-- the command as JSON (seat tokens and accounts travel here, never in a
-- notification); the driver runs it and writes `answer` (the result, or
-- the refusal). The asking server deletes its row once answered or given
-- up; the driver deletes answered rows left behind.
CREATE TABLE relay (
    id        BIGSERIAL PRIMARY KEY,
    game_id   TEXT NOT NULL,
    command   JSONB NOT NULL,
    answer    JSONB,
    -- unix time in milliseconds (the database's clock)
    created   BIGINT NOT NULL,
    answered  BIGINT
);
CREATE INDEX relay_waiting ON relay (game_id, id) WHERE answer IS NULL;

-- Connections each mirroring server holds to a game, per seat and the
-- spectators: the driver adds them to its own (who is online, claims
-- against an absent seat, idle unloading). A row not refreshed before
-- `expires` is a stopped server's and counts for nothing.
CREATE TABLE presence (
    game_id  TEXT NOT NULL,
    node     TEXT NOT NULL,
    seats    INTEGER[] NOT NULL,
    spectators INTEGER NOT NULL,
    expires  BIGINT NOT NULL,
    PRIMARY KEY (game_id, node)
);

-- What a game's driver holds in memory only and shows to players (who is
-- online, an open take-back request, the seat that may be claimed
-- against): written with each change it publishes, read by its mirrors.
-- No secrets here.
CREATE TABLE game_shown (
    game_id  TEXT PRIMARY KEY,
    node     TEXT NOT NULL,
    shown    JSONB NOT NULL
);
