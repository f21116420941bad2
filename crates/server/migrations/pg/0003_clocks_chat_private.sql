-- 0003: time controls and clocks, private games, rematches, chat, and
-- losses on time in the log (../0003_clocks_chat_private.sql).
ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT 'none';
ALTER TABLE games ADD COLUMN clocks TEXT;
ALTER TABLE games ADD COLUMN private BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rematch_of TEXT;
ALTER TABLE games ADD COLUMN rematch TEXT;

CREATE TABLE chat (
    game_id  TEXT NOT NULL REFERENCES games (id),
    n        BIGINT NOT NULL,
    seat     BIGINT NOT NULL,
    text     TEXT NOT NULL,
    at       BIGINT NOT NULL,
    PRIMARY KEY (game_id, n)
);

-- PostgreSQL changes a CHECK in place (SQLite had to build the table again)
ALTER TABLE log DROP CONSTRAINT log_kind_check;
ALTER TABLE log ADD CONSTRAINT log_kind_check CHECK (kind IN ('choice', 'undo', 'resign', 'timeout'));

CREATE TRIGGER chat_no_update BEFORE UPDATE ON chat
    FOR EACH ROW EXECUTE FUNCTION append_only('chat');
