-- Bot accounts and API tokens (docs/bots.md). An account that has played
-- no games may become a bot: `bot` is 1 from then on, for good. A token
-- is kept by the SHA-256 of its secret only (the secret is shown once, at
-- creation). `id` names it in lists and in its revocation, and a revoked
-- token keeps its row with `revoked_ms` set, so that it never signs in
-- again. `scopes` is its scopes separated by spaces.
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
CREATE TABLE api_tokens (
    id         TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL REFERENCES accounts (name),
    label      TEXT NOT NULL,
    scopes     TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    revoked_ms BIGINT
);
CREATE INDEX api_tokens_by_name ON api_tokens (name, created_ms);
