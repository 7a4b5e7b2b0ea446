-- A closed account (deleted by its player, or closed by an operator) keeps
-- its row, so that its name is never taken again by someone else: its
-- password is emptied (nothing signs in) and `closed_ms` says when.
ALTER TABLE accounts ADD COLUMN closed_ms BIGINT;
-- Each finished game's final score, stored with its end by the games'
-- writer, so that an archive is read without replaying its games. Games
-- that ended before these columns are filled once at start.
ALTER TABLE games ADD COLUMN final_black INTEGER;
ALTER TABLE games ADD COLUMN final_white INTEGER;
