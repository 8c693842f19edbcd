-- Links from a flag to the outside world (tickets, dashboards, docs).
CREATE TABLE flag_links (
  id text PRIMARY KEY,
  flag_name text NOT NULL REFERENCES flags (name) ON DELETE CASCADE ON UPDATE CASCADE,
  url text NOT NULL,
  title text,
  created_by_user_id integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX flag_links_flag_name_idx ON flag_links (flag_name);

-- The one lifecycle stage that cannot be derived from the flag's own data: someone declared it completed.
CREATE TABLE flag_completions (
  flag_name text PRIMARY KEY REFERENCES flags (name) ON DELETE CASCADE ON UPDATE CASCADE,
  status text NOT NULL,
  status_value text,
  completed_at timestamptz NOT NULL DEFAULT now()
);
