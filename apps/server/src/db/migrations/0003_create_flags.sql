CREATE TABLE flags (
  name text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects (id) ON UPDATE CASCADE,
  type text NOT NULL DEFAULT 'release' REFERENCES flag_types (id),
  description text,
  stale boolean NOT NULL DEFAULT false,
  impression_data boolean NOT NULL DEFAULT false,
  created_by_user_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  archived_at timestamptz,
  last_seen_at timestamptz
);
CREATE INDEX flags_project_id_idx ON flags (project_id);

CREATE TABLE flag_environments (
  flag_name text NOT NULL REFERENCES flags (name) ON DELETE CASCADE ON UPDATE CASCADE,
  environment_name text NOT NULL REFERENCES environments (name) ON DELETE CASCADE ON UPDATE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  variants jsonb NOT NULL DEFAULT '[]',
  last_seen_at timestamptz,
  PRIMARY KEY (flag_name, environment_name)
);

CREATE TABLE flag_strategies (
  id text PRIMARY KEY,
  flag_name text NOT NULL REFERENCES flags (name) ON DELETE CASCADE ON UPDATE CASCADE,
  environment_name text NOT NULL REFERENCES environments (name) ON DELETE CASCADE ON UPDATE CASCADE,
  strategy_name text NOT NULL,
  title text,
  parameters jsonb NOT NULL DEFAULT '{}',
  constraints jsonb NOT NULL DEFAULT '[]',
  variants jsonb NOT NULL DEFAULT '[]',
  sort_order integer NOT NULL DEFAULT 0,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX flag_strategies_flag_environment_idx ON flag_strategies (flag_name, environment_name);

CREATE TABLE flag_strategy_segments (
  strategy_id text NOT NULL REFERENCES flag_strategies (id) ON DELETE CASCADE,
  segment_id integer NOT NULL REFERENCES segments (id) ON DELETE CASCADE,
  PRIMARY KEY (strategy_id, segment_id)
);

CREATE TABLE flag_dependencies (
  parent text NOT NULL REFERENCES flags (name) ON DELETE CASCADE ON UPDATE CASCADE,
  child text NOT NULL REFERENCES flags (name) ON DELETE CASCADE ON UPDATE CASCADE,
  enabled boolean NOT NULL DEFAULT true,
  variants jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (parent, child)
);

CREATE TABLE flag_tags (
  flag_name text NOT NULL REFERENCES flags (name) ON DELETE CASCADE ON UPDATE CASCADE,
  tag_type text NOT NULL,
  tag_value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (flag_name, tag_type, tag_value),
  FOREIGN KEY (tag_type, tag_value) REFERENCES tags (type, value) ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE favorite_flags (
  flag_name text NOT NULL REFERENCES flags (name) ON DELETE CASCADE ON UPDATE CASCADE,
  user_id integer NOT NULL,
  PRIMARY KEY (flag_name, user_id)
);

CREATE TABLE favorite_projects (
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  PRIMARY KEY (project_id, user_id)
);
