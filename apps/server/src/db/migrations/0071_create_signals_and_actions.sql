-- Signals and actions: endpoints that outside systems call with a token, every signal they send, and the project
-- action sets that change flags when a signal matches.
CREATE TABLE signal_endpoints (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text,
  enabled boolean NOT NULL DEFAULT true,
  created_by_user_id integer,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Only the SHA-256 of each secret is kept: the secret is shown once, when the token is made.
CREATE TABLE signal_endpoint_tokens (
  id serial PRIMARY KEY,
  signal_endpoint_id integer NOT NULL REFERENCES signal_endpoints (id) ON DELETE CASCADE,
  name text NOT NULL,
  secret_hash text NOT NULL UNIQUE,
  created_by_user_id integer,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per signal received; processed_at stays NULL until a process has run the action sets it matches.
CREATE TABLE signals (
  id bigserial PRIMARY KEY,
  source text NOT NULL DEFAULT 'signal-endpoint',
  source_id integer NOT NULL REFERENCES signal_endpoints (id) ON DELETE CASCADE,
  token_id integer REFERENCES signal_endpoint_tokens (id) ON DELETE SET NULL,
  token_name text,
  payload jsonb,
  processed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signals_unprocessed ON signals (id) WHERE processed_at IS NULL;
CREATE INDEX signals_by_source ON signals (source_id, id);

CREATE TABLE action_sets (
  id serial PRIMARY KEY,
  project text NOT NULL REFERENCES projects (id) ON DELETE CASCADE ON UPDATE CASCADE,
  name text NOT NULL,
  description text,
  enabled boolean NOT NULL DEFAULT true,
  -- The service account the actions run as, with its permissions.
  actor_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL DEFAULT 'signal-endpoint',
  source_id integer NOT NULL REFERENCES signal_endpoints (id) ON DELETE CASCADE,
  -- Payload field name -> { operator, values?, value?, inverted?, caseInsensitive? }
  payload_filters jsonb NOT NULL DEFAULT '{}',
  created_by_user_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project, name)
);
CREATE INDEX action_sets_by_source ON action_sets (source_id);

CREATE TABLE actions (
  id serial PRIMARY KEY,
  action_set_id integer NOT NULL REFERENCES action_sets (id) ON DELETE CASCADE,
  action text NOT NULL,
  sort_order integer NOT NULL,
  execution_params jsonb NOT NULL DEFAULT '{}',
  created_by_user_id integer,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- What each action set did with each signal it matched, with the state of every action.
CREATE TABLE action_set_events (
  id bigserial PRIMARY KEY,
  action_set_id integer NOT NULL REFERENCES action_sets (id) ON DELETE CASCADE,
  signal_id bigint NOT NULL REFERENCES signals (id) ON DELETE CASCADE,
  state text NOT NULL,
  signal jsonb NOT NULL,
  action_set jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX action_set_events_by_set ON action_set_events (action_set_id, id);
