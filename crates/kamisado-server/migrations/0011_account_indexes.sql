-- Every action raises a game's updated_ms, so an index that holds it is
-- rewritten by every move (two index pages more in each commit). The lists
-- of an account's games sort by more than updated_ms and read few rows, so
-- the indexes hold the account alone, and only games that have one.
DROP INDEX games_by_black_account;
DROP INDEX games_by_white_account;
CREATE INDEX games_by_black_account ON games (black_account) WHERE black_account IS NOT NULL;
CREATE INDEX games_by_white_account ON games (white_account) WHERE white_account IS NOT NULL;
