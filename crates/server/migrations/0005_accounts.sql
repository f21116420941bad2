-- 0005: accounts (optional: guests keep playing by link), their sessions,
-- the seats they hold, and rated games.
--
-- A name is shown as typed; `key` is its normalised form (NFKC, case
-- folded), unique, so "Ana" and "ＡＮＡ" are one name. A deleted account
-- keeps its row (its games still point at it) with its name, key and
-- password hash cleared: its games show it under an anonymous name and the
-- name is free again.
CREATE TABLE accounts (
    id       INTEGER PRIMARY KEY,
    -- the name as the player typed it; NULL once deleted
    name     TEXT,
    -- the normalised name (see above); NULL once deleted
    key      TEXT UNIQUE,
    -- the Argon2id hash in PHC string form; NULL once deleted
    hash     TEXT,
    -- unix time in milliseconds
    created  INTEGER NOT NULL,
    deleted  INTEGER
);

-- A signed-in browser (or client): the cookie holds a random token, the
-- table only its SHA-256, so a copy of this file does not sign anyone in.
-- Signing out or deleting the account removes the account's rows.
CREATE TABLE sessions (
    token_hash  BLOB PRIMARY KEY,
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    -- unix time in milliseconds
    created     INTEGER NOT NULL,
    seen        INTEGER NOT NULL
) WITHOUT ROWID;

CREATE INDEX sessions_by_account ON sessions (account_id);

-- The account that holds a seat (taken, created or joined while signed
-- in): the game follows the player to any browser.
ALTER TABLE seats ADD COLUMN account_id INTEGER REFERENCES accounts (id);
CREATE INDEX seats_by_account ON seats (account_id) WHERE account_id IS NOT NULL;

-- 1: the result changes the players' ratings (chosen at creation).
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
