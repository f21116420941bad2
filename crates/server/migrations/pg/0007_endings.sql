-- 0007: games that always end: four more kinds in the log
-- (../0007_endings.sql).
ALTER TABLE log DROP CONSTRAINT log_kind_check;
ALTER TABLE log ADD CONSTRAINT log_kind_check CHECK (kind IN ('choice', 'undo', 'resign', 'timeout',
                                                              'abort', 'abandoned', 'claim-draw', 'leave'));
