-- Definitions shared by all projects: strategy definitions, flag types, context fields, segments, tags.
CREATE TABLE strategy_definitions (
  name text PRIMARY KEY,
  title text,
  description text,
  parameters jsonb NOT NULL DEFAULT '[]',
  built_in boolean NOT NULL DEFAULT false,
  deprecated boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 9999,
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO strategy_definitions (name, title, description, parameters, built_in, sort_order) VALUES
  ('default', 'Standard', 'On for everyone who meets the constraints.', '[]', true, 0),
  ('flexibleRollout', 'Gradual rollout', 'On for a sticky percentage of users, sessions or any context field.',
   '[{"name":"rollout","type":"percentage","description":"","required":false},{"name":"stickiness","type":"string","description":"Used to define stickiness. Possible values: default, userId, sessionId, random or a context field","required":true},{"name":"groupId","type":"string","description":"Used to define an activation group, so that the same users are exposed across flags","required":true}]',
   true, 1),
  ('userWithId', 'User IDs', 'On for the listed user ids.',
   '[{"name":"userIds","type":"list","description":"","required":false}]', true, 2),
  ('remoteAddress', 'IPs', 'On for the listed IP addresses and CIDR ranges.',
   '[{"name":"IPs","type":"list","description":"","required":true}]', true, 3),
  ('applicationHostname', 'Hosts', 'On for applications running on the listed host names.',
   '[{"name":"hostNames","type":"list","description":"","required":false}]', true, 4),
  ('gradualRolloutUserId', 'Gradual rollout by user id', 'Superseded by flexibleRollout; kept for older SDK payloads.',
   '[{"name":"percentage","type":"percentage","description":"","required":false},{"name":"groupId","type":"string","description":"","required":true}]',
   true, 5),
  ('gradualRolloutSessionId', 'Gradual rollout by session id', 'Superseded by flexibleRollout; kept for older SDK payloads.',
   '[{"name":"percentage","type":"percentage","description":"","required":false},{"name":"groupId","type":"string","description":"","required":true}]',
   true, 6),
  ('gradualRolloutRandom', 'Random rollout', 'Superseded by flexibleRollout with random stickiness.',
   '[{"name":"percentage","type":"percentage","description":"","required":false}]', true, 7);

CREATE TABLE flag_types (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  lifetime_days integer
);

INSERT INTO flag_types (id, name, description, lifetime_days) VALUES
  ('release', 'Release', 'Ships unfinished code paths dark and turns them on when ready.', 40),
  ('experiment', 'Experiment', 'Splits users into groups to compare variants.', 40),
  ('operational', 'Operational', 'Controls how the system behaves in operation.', 7),
  ('kill-switch', 'Kill switch', 'Turns a feature off quickly when it misbehaves.', NULL),
  ('permission', 'Permission', 'Grants a feature to some users only.', NULL);

CREATE TABLE context_fields (
  name text PRIMARY KEY,
  description text,
  legal_values jsonb NOT NULL DEFAULT '[]',
  stickiness boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 10,
  project_id text REFERENCES projects (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO context_fields (name, description, sort_order) VALUES
  ('environment', 'The environment the application runs in', 0),
  ('userId', 'An identifier of the current user', 1),
  ('appName', 'The name of the application', 2),
  ('sessionId', 'An identifier of the current session', 3),
  ('remoteAddress', 'The IP address of the caller', 4),
  ('currentTime', 'The time of evaluation', 5);

CREATE TABLE segments (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text,
  project_id text REFERENCES projects (id) ON DELETE CASCADE,
  constraints jsonb NOT NULL DEFAULT '[]',
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tag_types (
  name text PRIMARY KEY,
  description text,
  icon text,
  color text,
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO tag_types (name, description) VALUES ('simple', 'Arbitrary labels');

CREATE TABLE tags (
  type text NOT NULL REFERENCES tag_types (name) ON DELETE CASCADE ON UPDATE CASCADE,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (type, value)
);
