-- (the PostgreSQL twin of ../0011_puzzles.sql) Puzzles (issue 25): each puzzle's Glicko-2 rating, each signed-in
-- solver's, and who tried which (so that "next" offers new ones).
CREATE TABLE puzzle_ratings (
    puzzle TEXT PRIMARY KEY,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    solved BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE puzzle_solvers (
    account BIGINT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    solved BIGINT NOT NULL DEFAULT 0,
    streak BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE puzzle_attempts (
    account BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    puzzle TEXT NOT NULL,
    at BIGINT NOT NULL,
    solved BIGINT NOT NULL,
    PRIMARY KEY (account, puzzle, at)
);
