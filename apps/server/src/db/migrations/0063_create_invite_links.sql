-- Invite links: people who open one can create their own account with the link's root role until it expires.
-- The secret is kept as is, so admins can copy the link again; it only ever grants a new account.
CREATE TABLE invite_links (
  secret text PRIMARY KEY,
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  expires_at timestamptz NOT NULL,
  root_role text NOT NULL DEFAULT 'Viewer',
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invite_link_users (
  secret text NOT NULL REFERENCES invite_links (secret) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (secret, user_id)
);
