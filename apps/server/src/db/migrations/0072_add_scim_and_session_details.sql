-- SCIM 2.0 provisioning: users and groups an identity provider manages carry the id SCIM knows them by (scim_id,
-- ours) and the provider's own id (scim_external_id). A SCIM-deactivated user keeps its row but cannot sign in.
ALTER TABLE users ADD COLUMN scim_id text UNIQUE;
ALTER TABLE users ADD COLUMN scim_external_id text;
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;
ALTER TABLE groups ADD COLUMN scim_id text UNIQUE;
ALTER TABLE groups ADD COLUMN scim_external_id text;

-- Active sessions: a public id to revoke one by (the cookie's hash never leaves the server), where it was opened
-- and when it was last used.
ALTER TABLE sessions ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY UNIQUE;
ALTER TABLE sessions ADD COLUMN ip text;
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN seen_at timestamptz;
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
