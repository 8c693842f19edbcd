-- Change requests (decision record 0007): changes to a project environment that wait for review before they apply.
-- A row in change_request_settings means change requests are on there; direct writes then need SKIP_CHANGE_REQUEST.
CREATE TABLE change_request_settings (
  project text NOT NULL,
  environment text NOT NULL,
  required_approvals integer NOT NULL DEFAULT 1 CHECK (required_approvals BETWEEN 1 AND 10),
  FOREIGN KEY (project, environment) REFERENCES project_environments (project_id, environment_name)
    ON DELETE CASCADE ON UPDATE CASCADE,
  PRIMARY KEY (project, environment)
);

-- `state_timestamps` maps each state the request reached to when it did.
CREATE TABLE change_requests (
  id serial PRIMARY KEY,
  project text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  environment text NOT NULL REFERENCES environments (name) ON DELETE CASCADE ON UPDATE CASCADE,
  title text,
  state text NOT NULL DEFAULT 'Draft',
  min_approvals integer NOT NULL DEFAULT 1,
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  state_timestamps jsonb NOT NULL DEFAULT '{}'
);
-- One draft per author, project and environment: new changes join it.
CREATE UNIQUE INDEX change_requests_one_draft_idx ON change_requests (created_by_user_id, project, environment)
  WHERE state = 'Draft';
CREATE INDEX change_requests_project_idx ON change_requests (project, state);

-- One change: an action on a flag (flag_name) or a segment (segment_id) with its payload, and a snapshot of what it
-- changes as it was when the change was drafted (the diff's "before" and the base of conflict detection).
CREATE TABLE change_request_changes (
  id serial PRIMARY KEY,
  change_request_id integer NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
  flag_name text,
  segment_id integer,
  action text NOT NULL,
  payload jsonb,
  snapshot jsonb,
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX change_request_changes_request_idx ON change_request_changes (change_request_id);
CREATE INDEX change_request_changes_flag_idx ON change_request_changes (flag_name);

-- Reviews: `approved` true for an approval, false for a rejection.
CREATE TABLE change_request_reviews (
  change_request_id integer NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  approved boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (change_request_id, user_id, approved)
);

CREATE TABLE change_request_comments (
  id serial PRIMARY KEY,
  change_request_id integer NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
  text text NOT NULL,
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Reviewers the author asked for.
CREATE TABLE change_request_reviewers (
  change_request_id integer NOT NULL REFERENCES change_requests (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (change_request_id, user_id)
);

-- When a Scheduled request applies itself. `status`: pending, failed (an attempt failed: failure_reason) or
-- suspended (what it changes went away: reason). Server processes claim due rows with FOR UPDATE SKIP LOCKED.
CREATE TABLE change_request_schedules (
  change_request_id integer PRIMARY KEY REFERENCES change_requests (id) ON DELETE CASCADE,
  scheduled_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  reason text,
  failure_reason text,
  attempts integer NOT NULL DEFAULT 0,
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX change_request_schedules_due_idx ON change_request_schedules (scheduled_at) WHERE status = 'pending';

-- In-app notifications for one user.
CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  notification_type text NOT NULL,
  message text NOT NULL,
  link text NOT NULL,
  created_by text NOT NULL,
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
