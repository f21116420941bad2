-- 0001: games, their seats, and their logs.
--
-- A game is its setup (the form and the seats) plus the append-only log of
-- every choice made in it: the players' choices, the bots' choices, chance's
-- draws (so a replay needs no random generator), take-backs and
-- resignations. The game's state is never stored: it is the setup with the
-- log replayed. The summary columns of `games` (status, version, turn,
-- scores, outcome) are a cache for the lobby, rewritten with every append.

CREATE TABLE games (
    -- random, public: anyone with the id may watch
    id       TEXT PRIMARY KEY,
    -- duel | high-form | first-game
    form     TEXT NOT NULL,
    -- unix time in milliseconds
    created  INTEGER NOT NULL,
    updated  INTEGER NOT NULL,
    -- open: a human seat nobody has taken yet; playing; over
    status   TEXT NOT NULL CHECK (status IN ('open', 'playing', 'over')),
    -- the number of log entries
    version  INTEGER NOT NULL DEFAULT 0,
    turn     INTEGER NOT NULL DEFAULT 0,
    -- JSON array of the seats' scores
    scores   TEXT NOT NULL DEFAULT '[]',
    -- JSON {"places":[..],"resigned":seat|null} once the game is over
    outcome  TEXT
);

CREATE INDEX games_by_status ON games (status, updated);

CREATE TABLE seats (
    game_id     TEXT NOT NULL REFERENCES games (id),
    -- 0 is the starting player
    seat        INTEGER NOT NULL,
    school      TEXT NOT NULL,
    player      TEXT NOT NULL CHECK (player IN ('human', 'bot')),
    -- the bot's spec (random, greedy, mcts, mcts:time=1s ...) for a bot seat
    bot         TEXT,
    name        TEXT,
    -- SHA-256 of the seat's secret token (human seats); the token itself is
    -- never stored, so a copy of this file does not hand out the seats
    token_hash  BLOB,
    -- 1 once someone has played with the token (or joined from the lobby)
    taken       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE log (
    game_id  TEXT NOT NULL REFERENCES games (id),
    -- 1, 2, 3 ...: the game's version once this entry is applied
    n        INTEGER NOT NULL,
    -- the seat that chose; NULL for chance
    seat     INTEGER,
    -- choice: a choice's text form (docs/notation.md) in `choice`;
    -- undo: the seat took back its last choice; resign: the seat gave up
    kind     TEXT NOT NULL CHECK (kind IN ('choice', 'undo', 'resign')),
    choice   TEXT,
    -- unix time in milliseconds
    at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;

-- The log is append-only: a take-back is a new entry, never a deletion.
CREATE TRIGGER log_no_update BEFORE UPDATE ON log
BEGIN
    SELECT RAISE(ABORT, 'the game log is append-only');
END;

CREATE TRIGGER log_no_delete BEFORE DELETE ON log
BEGIN
    SELECT RAISE(ABORT, 'the game log is append-only');
END;
