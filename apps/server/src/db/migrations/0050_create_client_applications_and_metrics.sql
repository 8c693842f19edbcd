-- What SDKs report: applications and their instances (register), and hourly usage counts per flag (metrics).
CREATE TABLE client_applications (
  app_name text PRIMARY KEY,
  description text,
  url text,
  color text,
  icon text,
  created_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz
);

CREATE TABLE client_instances (
  app_name text NOT NULL REFERENCES client_applications (app_name) ON DELETE CASCADE,
  instance_id text NOT NULL,
  environment text NOT NULL,
  sdk_type text NOT NULL DEFAULT 'backend',
  sdk_version text,
  strategies jsonb NOT NULL DEFAULT '[]',
  started_at timestamptz,
  interval_ms integer,
  connection_id text,
  platform_name text,
  platform_version text,
  spec_version text,
  projects jsonb NOT NULL DEFAULT '[]',
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_name, instance_id, environment)
);

CREATE TABLE client_metrics (
  flag_name text NOT NULL,
  app_name text NOT NULL,
  environment text NOT NULL,
  hour timestamptz NOT NULL,
  yes bigint NOT NULL DEFAULT 0,
  no bigint NOT NULL DEFAULT 0,
  variants jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (flag_name, app_name, environment, hour)
);
CREATE INDEX client_metrics_hour_idx ON client_metrics (hour);
