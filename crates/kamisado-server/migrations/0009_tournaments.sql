-- Tournaments (docs/tournaments.md). A tournament's `round` is the round
-- last paired: a process pairs round r + 1 by raising it from r in the
-- transaction that stores the round's pairings and games, so of several
-- processes exactly one pairs each round. `next_ms` is when the next round
-- is paired, set once every game of the current one has ended. A player's
-- `seq` is the number in the tournament (order of entry, from 1). An engine
-- entrant has its `level` and no account. Each game of a pairing is a row of
-- `tournament_games`: `leg` 0 and 1 for a double round's two games, `white`
-- empty for the bye. A game between two engine levels has no `game_id`: the
-- server's engine plays it and keeps its `record`. A `forfeit` was not
-- played (the other player withdrew from an all-play-all). An arena pairs
-- in batches as games end: its `round` counts them, `ends_ms` is when it
-- stops pairing, a player may be `paused`, and each game's `ended_ms`
-- orders its results (a streak is of wins in a row).
CREATE TABLE tournaments (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    creator      TEXT NOT NULL REFERENCES accounts (name),
    format       TEXT NOT NULL,
    rounds       INTEGER NOT NULL,
    double_cycle INTEGER NOT NULL,
    legs         INTEGER NOT NULL,
    rules        TEXT NOT NULL,
    board        TEXT NOT NULL,
    target       INTEGER NOT NULL,
    initial_s    BIGINT,
    increment_s  BIGINT,
    days         INTEGER,
    rated        INTEGER NOT NULL,
    min_players  INTEGER NOT NULL,
    max_players  INTEGER NOT NULL,
    late_until   INTEGER NOT NULL,
    pause_s      BIGINT NOT NULL,
    starts_ms    BIGINT NOT NULL,
    created_ms   BIGINT NOT NULL,
    stage        TEXT NOT NULL,
    round        INTEGER NOT NULL DEFAULT 0,
    next_ms      BIGINT,
    ends_ms      BIGINT,
    note         TEXT
);
CREATE INDEX tournaments_by_stage ON tournaments (stage, starts_ms);
CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    seq           INTEGER NOT NULL,
    name          TEXT NOT NULL,
    account       TEXT REFERENCES accounts (name),
    level         INTEGER,
    rating        INTEGER NOT NULL,
    joined_round  INTEGER NOT NULL,
    withdrawn     INTEGER,
    paused        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, seq),
    UNIQUE (tournament_id, name)
);
CREATE TABLE tournament_games (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    leg           INTEGER NOT NULL,
    black         INTEGER NOT NULL,
    white         INTEGER,
    game_id       TEXT,
    winner        TEXT,
    record        TEXT,
    forfeit       INTEGER NOT NULL DEFAULT 0,
    ended_ms      BIGINT,
    PRIMARY KEY (tournament_id, round, board, leg)
);
CREATE INDEX tournament_games_by_game ON tournament_games (game_id);
