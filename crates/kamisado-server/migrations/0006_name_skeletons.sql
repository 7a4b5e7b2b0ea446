-- The confusable skeleton of each account's name (players/confusables.rs):
-- two names that look alike (`pop` and a Cyrillic `рор`) have one skeleton,
-- and only one of them can be an account. Accounts made before this column
-- get theirs when a server starts (the first of two that look alike keeps it).
ALTER TABLE accounts ADD COLUMN skeleton TEXT;
CREATE UNIQUE INDEX accounts_skeleton ON accounts (skeleton);
