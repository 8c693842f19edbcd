CREATE TABLE projects (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text,
  mode text NOT NULL DEFAULT 'open',
  default_stickiness text NOT NULL DEFAULT 'default',
  feature_limit integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE environments (
  name text PRIMARY KEY,
  type text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  protected boolean NOT NULL DEFAULT false,
  required_approvals integer,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE project_environments (
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  environment_name text NOT NULL REFERENCES environments (name) ON DELETE CASCADE ON UPDATE CASCADE,
  default_strategy jsonb,
  PRIMARY KEY (project_id, environment_name)
);

INSERT INTO projects (id, name, description) VALUES ('default', 'Default', 'The default project');
INSERT INTO environments (name, type, sort_order) VALUES ('development', 'development', 100), ('production', 'production', 200);
INSERT INTO project_environments (project_id, environment_name) VALUES ('default', 'development'), ('default', 'production');
