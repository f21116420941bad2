-- 0004: a rematch found from the game it was made of
-- (../0004_rematch_links.sql).
CREATE INDEX games_by_rematch_of ON games (rematch_of) WHERE rematch_of IS NOT NULL;
