-- 0004: a rematch found from the game it was made of.
--
-- A rematch is stored with `rematch_of` (the finished game's id) in the
-- same transaction that creates it; the finished game's `rematch` column
-- is written after. A server stopped in between would forget the link,
-- and a player asking again would make a second rematch: so a game's
-- rematch is read as `rematch`, else the first game whose `rematch_of` is
-- this game, which this index finds.
CREATE INDEX games_by_rematch_of ON games (rematch_of) WHERE rematch_of IS NOT NULL;
