-- 0009: the spectators' chat, kept apart from the players'
-- (../0009_manners.sql).
CREATE TABLE spectator_chat (
    game_id     TEXT NOT NULL REFERENCES games (id),
    n           BIGINT NOT NULL,
    account_id  BIGINT REFERENCES accounts (id),
    text        TEXT NOT NULL,
    at          BIGINT NOT NULL,
    PRIMARY KEY (game_id, n)
);

CREATE TRIGGER spectator_chat_no_update BEFORE UPDATE ON spectator_chat
    FOR EACH ROW EXECUTE FUNCTION append_only('chat');
