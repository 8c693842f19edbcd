-- Instance-wide settings, one JSON value per name (such as maintenance mode), shared by every server process.
CREATE TABLE settings (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
