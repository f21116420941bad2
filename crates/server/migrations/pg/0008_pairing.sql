-- 0008: blocks between accounts (../0008_pairing.sql).
CREATE TABLE blocks (
    account_id  BIGINT NOT NULL REFERENCES accounts (id),
    blocked_id  BIGINT NOT NULL REFERENCES accounts (id),
    created     BIGINT NOT NULL,
    PRIMARY KEY (account_id, blocked_id)
);

CREATE INDEX blocks_by_blocked ON blocks (blocked_id, account_id);
