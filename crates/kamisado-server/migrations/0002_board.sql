-- The board a game is played on (docs/boards.md). Games stored before it are 8×8.
ALTER TABLE games ADD COLUMN board TEXT NOT NULL DEFAULT '8x8';
