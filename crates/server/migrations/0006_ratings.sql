-- 0006: players' ratings (Glicko-2, one rating per pool) and their history.
--
-- A pool is a kind of game rated apart: 'duel', 'high-form', 'melee'
-- (3 or 4 players) and 'team' (both team forms). The first game is never
-- rated. A rated game changes its players' ratings once, when it ends
-- (`rating::settle`, in the transaction that stores its end): `settled`
-- marks it done, so a game is never counted twice.

CREATE TABLE ratings (
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    pool        TEXT NOT NULL CHECK (pool IN ('duel', 'high-form', 'melee', 'team')),
    -- Glicko-2 on the Glicko scale: a new player is 1500 / 350 / 0.06
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    -- rated games played in the pool, and their results for this player
    -- (a melee: first place won, shared first place drawn, else lost)
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    draws       INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    -- unix time in milliseconds of the last rated game
    updated     INTEGER NOT NULL,
    PRIMARY KEY (account_id, pool)
) WITHOUT ROWID;

-- the leaderboard: a pool's players by rating
CREATE INDEX ratings_by_pool ON ratings (pool, rating DESC);

-- One row per rated game and player: the rating before and after (the
-- profile's graph, and what a game did to each player).
CREATE TABLE rating_history (
    game_id           TEXT NOT NULL REFERENCES games (id),
    account_id        INTEGER NOT NULL REFERENCES accounts (id),
    pool              TEXT NOT NULL,
    -- unix time in milliseconds
    at                INTEGER NOT NULL,
    rating_before     REAL NOT NULL,
    deviation_before  REAL NOT NULL,
    rating            REAL NOT NULL,
    deviation         REAL NOT NULL,
    volatility        REAL NOT NULL,
    -- the player's result: 1 won, 0.5 drawn, 0 lost
    score             REAL NOT NULL,
    PRIMARY KEY (game_id, account_id)
) WITHOUT ROWID;

CREATE INDEX rating_history_by_account ON rating_history (account_id, pool, at);

-- 1 once the game's result has changed its players' ratings
ALTER TABLE games ADD COLUMN settled INTEGER NOT NULL DEFAULT 0;
