-- Wrong passwords, counted per account and per client address to slow down guessing. They live in the database,
-- not in a process, so every server process sharing it counts the same failures. Rows older than the window are
-- deleted as new ones arrive. `account` is `user:<id>` for a known user (whether they typed their username or
-- email) and `name:<what was typed>` otherwise.
CREATE TABLE sign_in_failures (
  id bigserial PRIMARY KEY,
  account text NOT NULL,
  ip text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sign_in_failures_account_idx ON sign_in_failures (account, failed_at);
CREATE INDEX sign_in_failures_ip_idx ON sign_in_failures (ip, failed_at);
CREATE INDEX sign_in_failures_failed_at_idx ON sign_in_failures (failed_at);
