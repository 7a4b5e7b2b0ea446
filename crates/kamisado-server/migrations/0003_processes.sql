-- Several server processes on one database (docs/scaling.md). Every change to a
-- game raises its version, and a change is made only to the version it was
-- decided on, so the database orders a game's changes. What players do beside
-- the moves (a takeback offered, the seats taken) is kept with the game, and an
-- engine's turn is claimed by one process for a while. `takebacks` counts the
-- changes that removed actions: while it stands, a process catches up with a
-- game by reading only the actions it has not got. Games are counted per
-- creating address for the site-wide quota.
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN takeback TEXT;
ALTER TABLE games ADD COLUMN takebacks BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN black_joined INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN white_joined INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN engine_owner TEXT;
ALTER TABLE games ADD COLUMN engine_version BIGINT;
ALTER TABLE games ADD COLUMN engine_until BIGINT;
ALTER TABLE games ADD COLUMN creator TEXT;
ALTER TABLE games ADD COLUMN created_ms BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_by_creator ON games (creator, created_ms);
