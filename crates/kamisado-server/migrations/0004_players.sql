-- Accounts, sessions, open challenges, clocks and ratings (docs/players.md).
-- A name is unique without regard to case (`name_key` is its lower case) and
-- never changes, so games and ratings name their players by it. Sessions keep
-- only the SHA-256 of their token. `throttle` counts wrong passwords per name
-- and per address.
CREATE TABLE accounts (
    name       TEXT PRIMARY KEY,
    name_key   TEXT NOT NULL UNIQUE,
    password   TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    name       TEXT NOT NULL REFERENCES accounts (name),
    expires_ms BIGINT NOT NULL
);
CREATE TABLE throttle (
    key       TEXT PRIMARY KEY,
    failures  BIGINT NOT NULL,
    first_ms  BIGINT NOT NULL,
    until_ms  BIGINT NOT NULL
);
-- An open challenge is taken by setting its game: the first accepter's
-- UPDATE finds `game_id` empty, every later one finds it set.
CREATE TABLE challenges (
    id          TEXT PRIMARY KEY,
    creator     TEXT NOT NULL REFERENCES accounts (name),
    rules       TEXT NOT NULL,
    board       TEXT NOT NULL,
    target      INTEGER NOT NULL,
    colour      TEXT NOT NULL,
    rated       INTEGER NOT NULL,
    initial_s   BIGINT,
    increment_s BIGINT,
    days        INTEGER,
    opponent    TEXT,
    created_ms  BIGINT NOT NULL,
    game_id     TEXT,
    cancelled   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX challenges_open ON challenges (game_id, cancelled, created_ms);
-- The players' accounts, the time control and the clock as it stands after
-- the last action: each side's time left when the running clock started at
-- `clock_since`, and the deadline of the side to act. A finished game has
-- its winner and how it ended.
ALTER TABLE games ADD COLUMN black_account TEXT;
ALTER TABLE games ADD COLUMN white_account TEXT;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_initial_ms BIGINT;
ALTER TABLE games ADD COLUMN clock_increment_ms BIGINT;
ALTER TABLE games ADD COLUMN days INTEGER;
ALTER TABLE games ADD COLUMN black_ms BIGINT;
ALTER TABLE games ADD COLUMN white_ms BIGINT;
ALTER TABLE games ADD COLUMN clock_since BIGINT;
ALTER TABLE games ADD COLUMN clock_running TEXT;
ALTER TABLE games ADD COLUMN deadline_ms BIGINT;
ALTER TABLE games ADD COLUMN updated_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN finished_ms BIGINT;
ALTER TABLE games ADD COLUMN winner TEXT;
ALTER TABLE games ADD COLUMN ending TEXT;
CREATE INDEX games_by_deadline ON games (deadline_ms);
CREATE INDEX games_by_black_account ON games (black_account, updated_ms);
CREATE INDEX games_by_white_account ON games (white_account, updated_ms);
-- Glicko-2 ratings per pool (a rule set and a board, `standard 8x8`), and
-- each rated game's result for the history plot.
CREATE TABLE ratings (
    name       TEXT NOT NULL REFERENCES accounts (name),
    pool       TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT NOT NULL,
    PRIMARY KEY (name, pool)
);
CREATE TABLE rating_history (
    name      TEXT NOT NULL REFERENCES accounts (name),
    pool      TEXT NOT NULL,
    game_id   TEXT NOT NULL,
    at_ms     BIGINT NOT NULL,
    rating    DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL
);
CREATE INDEX rating_history_by_name ON rating_history (name, pool, at_ms);
