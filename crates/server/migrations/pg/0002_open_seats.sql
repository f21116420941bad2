-- 0002: seats reserved for their links, or open to anyone
-- (../0002_open_seats.sql).

ALTER TABLE seats ADD COLUMN open BIGINT NOT NULL DEFAULT 0;

UPDATE games SET status = 'playing' WHERE status = 'open';
