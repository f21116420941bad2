-- 0009: table manners: the spectators' chat, kept apart from the players'.
--
-- The players' chat (`chat`, migration 0003) has `seat NOT NULL`: its lines
-- are the seated players'. Spectators talk among themselves here; players
-- do not see these lines while the game is going on. A line's author is
-- the signed-in account that wrote it (NULL for a guest), so that a player
-- who blocked that account is not shown it. Numbered from 1 in each game,
-- plain text of at most 500 characters, append-only like the log.
CREATE TABLE spectator_chat (
    game_id     TEXT NOT NULL REFERENCES games (id),
    n           INTEGER NOT NULL,
    account_id  INTEGER REFERENCES accounts (id),
    text        TEXT NOT NULL,
    -- unix time in milliseconds
    at          INTEGER NOT NULL,
    PRIMARY KEY (game_id, n)
) WITHOUT ROWID;

CREATE TRIGGER spectator_chat_no_update BEFORE UPDATE ON spectator_chat
BEGIN
    SELECT RAISE(ABORT, 'the chat is append-only');
END;
