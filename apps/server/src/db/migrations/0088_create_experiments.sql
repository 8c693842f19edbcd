-- Experiments: a flag's variants in one environment compared on metrics (decision record 0042). Results are read
-- from the aggregate tables below, which every flush of exposures and conversions updates in the same statement.
CREATE TABLE experiments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  flag_name text NOT NULL REFERENCES flags (name) ON UPDATE CASCADE ON DELETE CASCADE,
  environment text NOT NULL REFERENCES environments (name) ON UPDATE CASCADE ON DELETE CASCADE,
  name text NOT NULL,
  hypothesis text NOT NULL DEFAULT '',
  control_variant text NOT NULL,
  -- [{"event": "purchase", "kind": "conversion" | "mean", "role": "primary" | "guardrail", "direction": "increase" | "decrease"}]
  metrics jsonb NOT NULL,
  -- Every metric's event name, for matching conversions to running experiments.
  metric_events text[] NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'running', 'stopped')),
  started_at timestamptz,
  stopped_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX experiments_flag_idx ON experiments (flag_name, environment);
-- At most one running experiment per flag and environment: its exposures are unambiguous.
CREATE UNIQUE INDEX experiments_one_running_idx ON experiments (flag_name, environment) WHERE status = 'running';

-- The first time each user saw the experiment, and which variant they got then.
CREATE TABLE experiment_exposures (
  experiment_id bigint NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  variant text NOT NULL,
  exposed_at timestamptz NOT NULL,
  PRIMARY KEY (experiment_id, user_id)
);

-- Users per variant: incremented by the exposures each flush inserted.
CREATE TABLE experiment_variant_users (
  experiment_id bigint NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  variant text NOT NULL,
  users bigint NOT NULL,
  PRIMARY KEY (experiment_id, variant)
);

-- Each exposed user's events and summed value per metric, counted only after their exposure.
CREATE TABLE experiment_user_metrics (
  experiment_id bigint NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  metric text NOT NULL,
  variant text NOT NULL,
  events bigint NOT NULL,
  value_sum double precision NOT NULL,
  PRIMARY KEY (experiment_id, user_id, metric)
);

-- Per variant and metric: converted users, events, and the sum and sum of squares of the per-user values.
CREATE TABLE experiment_metric_totals (
  experiment_id bigint NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  variant text NOT NULL,
  metric text NOT NULL,
  converted_users bigint NOT NULL,
  events bigint NOT NULL,
  value_sum double precision NOT NULL,
  value_square_sum double precision NOT NULL,
  PRIMARY KEY (experiment_id, variant, metric)
);
