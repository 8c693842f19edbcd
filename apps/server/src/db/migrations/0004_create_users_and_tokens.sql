CREATE TABLE users (
  id serial PRIMARY KEY,
  username text UNIQUE,
  email text UNIQUE,
  name text,
  password_hash text,
  root_role text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz,
  login_attempts integer NOT NULL DEFAULT 0,
  deleted_at timestamptz
);

-- Session ids and token secrets are stored as SHA-256 hashes, so a database leak does not reveal usable secrets.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE TABLE api_tokens (
  id serial PRIMARY KEY,
  secret_hash text NOT NULL UNIQUE,
  display_secret text NOT NULL UNIQUE,
  token_name text NOT NULL,
  type text NOT NULL,
  environment text NOT NULL,
  projects jsonb NOT NULL DEFAULT '["*"]',
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz
);

CREATE TABLE personal_access_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  description text NOT NULL,
  secret_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz
);
