-- 0006: players' ratings (Glicko-2, one rating per pool) and their
-- history (../0006_ratings.sql). SQLite's REAL is DOUBLE PRECISION here.
CREATE TABLE ratings (
    account_id  BIGINT NOT NULL REFERENCES accounts (id),
    pool        TEXT NOT NULL CHECK (pool IN ('duel', 'high-form', 'melee', 'team')),
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL DEFAULT 0,
    wins        BIGINT NOT NULL DEFAULT 0,
    draws       BIGINT NOT NULL DEFAULT 0,
    losses      BIGINT NOT NULL DEFAULT 0,
    updated     BIGINT NOT NULL,
    PRIMARY KEY (account_id, pool)
);

CREATE INDEX ratings_by_pool ON ratings (pool, rating DESC);

CREATE TABLE rating_history (
    game_id           TEXT NOT NULL REFERENCES games (id),
    account_id        BIGINT NOT NULL REFERENCES accounts (id),
    pool              TEXT NOT NULL,
    at                BIGINT NOT NULL,
    rating_before     DOUBLE PRECISION NOT NULL,
    deviation_before  DOUBLE PRECISION NOT NULL,
    rating            DOUBLE PRECISION NOT NULL,
    deviation         DOUBLE PRECISION NOT NULL,
    volatility        DOUBLE PRECISION NOT NULL,
    score             DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, account_id)
);

CREATE INDEX rating_history_by_account ON rating_history (account_id, pool, at);

ALTER TABLE games ADD COLUMN settled BIGINT NOT NULL DEFAULT 0;
