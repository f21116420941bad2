-- 0002: seats reserved for their links, or open to anyone.
--
-- A human seat is reserved for whoever holds the token made for it when
-- the game was created (the creator keeps one link and sends the others);
-- only a seat the creator marked open is listed in the lobby and can be
-- taken by a stranger (POST /api/games/{id}/join). Seats of games created
-- before this migration are reserved: their links still work, and nobody
-- else can take them.

-- 1: anyone may join this human seat from the lobby while it is not taken
ALTER TABLE seats ADD COLUMN open INTEGER NOT NULL DEFAULT 0;

-- the lobby's "open" games are those with an open seat nobody has taken
UPDATE games SET status = 'playing' WHERE status = 'open';
