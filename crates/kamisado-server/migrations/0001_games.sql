-- Games and the actions that make them up. Portable SQL: SQLite and PostgreSQL.
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    created_at  TEXT NOT NULL,
    mode        TEXT NOT NULL,
    rules       TEXT NOT NULL,
    target      INTEGER NOT NULL,
    black_name  TEXT NOT NULL,
    white_name  TEXT NOT NULL,
    black_key   TEXT,
    white_key   TEXT,
    engine_side TEXT,
    level       INTEGER,
    seed        BIGINT NOT NULL
);

CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
