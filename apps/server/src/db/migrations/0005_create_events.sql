-- The event log is append-only: the trigger below refuses any UPDATE or DELETE.
CREATE TABLE events (
  id serial PRIMARY KEY,
  type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  created_by_user_id integer,
  project text,
  feature_name text,
  environment text,
  data jsonb,
  pre_data jsonb,
  tags jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX events_feature_name_idx ON events (feature_name);
CREATE INDEX events_project_idx ON events (project);

CREATE FUNCTION events_are_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_are_append_only();
