-- A signed-in person's request for access to a project, until an admin approves it (they then hold a project role,
-- as project access grants it) or rejects it. One open request per person and project.
CREATE TABLE user_access_requests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, project_id)
);
