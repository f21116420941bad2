-- Puzzles (issue 25): each puzzle's Glicko-2 rating, each signed-in
-- solver's, and who tried which (so that "next" offers new ones).
CREATE TABLE puzzle_ratings (
    puzzle TEXT PRIMARY KEY,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    solved INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE puzzle_solvers (
    account INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    solved INTEGER NOT NULL DEFAULT 0,
    streak INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE puzzle_attempts (
    account INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    puzzle TEXT NOT NULL,
    at INTEGER NOT NULL,
    solved INTEGER NOT NULL,
    PRIMARY KEY (account, puzzle, at)
);
