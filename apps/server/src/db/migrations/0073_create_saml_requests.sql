-- SAML sign-in requests still waiting for the identity provider's answer. The answer must name one of them
-- (InResponseTo), and each is used once, by whichever Switchyard process receives the answer.
CREATE TABLE saml_requests (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX saml_requests_expires_at_idx ON saml_requests (expires_at);
