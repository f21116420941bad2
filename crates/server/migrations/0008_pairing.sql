-- 0008: blocks between accounts (finding a game, `pairing`).
--
-- A row says that `account_id` blocked `blocked_id`: the two are never
-- paired by a seek, neither may challenge the other, and they cannot chat
-- (`pairing::blocks` answers for either direction). Seeks and challenges
-- themselves are short-lived and live in memory, not here.
CREATE TABLE blocks (
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    blocked_id  INTEGER NOT NULL REFERENCES accounts (id),
    -- unix time in milliseconds
    created     INTEGER NOT NULL,
    PRIMARY KEY (account_id, blocked_id)
) WITHOUT ROWID;

-- the other direction, for "does anyone block me"
CREATE INDEX blocks_by_blocked ON blocks (blocked_id, account_id);
