-- Nonces of signed /edge/issue-token requests, kept while their timestamp could still be accepted, so a replayed
-- request is refused by every Switchyard process that shares the database, not only the one that saw it first.
CREATE TABLE edge_nonces (
  client_id text NOT NULL,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (client_id, nonce)
);
CREATE INDEX edge_nonces_expires_at_idx ON edge_nonces (expires_at);
