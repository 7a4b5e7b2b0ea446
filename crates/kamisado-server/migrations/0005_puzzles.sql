-- Puzzles proven by the solver (docs/learning.md): a position, its one
-- winning move and the proven line after it. A puzzle has a Glicko-2 rating
-- of its own, moved by every rated attempt, as a player's puzzle rating is.
-- `owner` is the account whose game a puzzle was found in (its turning
-- point), `source` that game.
CREATE TABLE puzzles (
    id         TEXT PRIMARY KEY,
    board      TEXT NOT NULL,
    position   TEXT NOT NULL,
    solution   TEXT NOT NULL,
    plies      INTEGER NOT NULL,
    grade      INTEGER NOT NULL,
    moves      INTEGER NOT NULL,
    plausible  INTEGER NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts   BIGINT NOT NULL DEFAULT 0,
    solved     BIGINT NOT NULL DEFAULT 0,
    owner      TEXT,
    source     TEXT,
    created_ms BIGINT NOT NULL
);
CREATE INDEX puzzles_by_rating ON puzzles (rating);
CREATE TABLE puzzle_ratings (
    name       TEXT PRIMARY KEY REFERENCES accounts (name),
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts   BIGINT NOT NULL
);
CREATE TABLE puzzle_attempts (
    name      TEXT NOT NULL REFERENCES accounts (name),
    puzzle_id TEXT NOT NULL REFERENCES puzzles (id),
    solved    INTEGER NOT NULL,
    at_ms     BIGINT NOT NULL,
    PRIMARY KEY (name, puzzle_id)
);
