-- Links that let one person set their password: sent in the welcome email of a new user, asked for on the sign-in
-- page, or made by an admin. Like invite links (0065), only the SHA-256 hash of the secret is kept. A link works
-- once and until it expires; a successful reset uses up every other link of that user too.
CREATE TABLE password_reset_tokens (
  secret_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('welcome', 'reset')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id, created_at);

-- Every sign-in attempt, kept for 14 days (LOGIN_HISTORY_RETENTION_HOURS in login-event.ts): who tried, how, from
-- where, and whether it worked. `username` is what was typed or what the provider said, so it may name nobody.
CREATE TABLE login_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text,
  auth_type text NOT NULL,
  ip text,
  user_agent text,
  successful boolean NOT NULL,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_events_created_at_idx ON login_events (created_at);
