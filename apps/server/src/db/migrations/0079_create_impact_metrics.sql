-- Impact metrics: the counters, gauges and histograms SDKs send with their usage reports (decision record 0038).
-- A series is one metric of one application with one set of labels; at most a fixed number per application.
CREATE TABLE impact_metric_series (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  app_name text NOT NULL,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('counter', 'gauge', 'histogram')),
  help text NOT NULL DEFAULT '',
  labels jsonb NOT NULL,
  labels_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (app_name, name, type, labels_key)
);
CREATE INDEX impact_metric_series_name_idx ON impact_metric_series (name, type);

-- Raw samples as received: a counter's increment, a gauge's value, or a histogram's sum with its count and
-- cumulative buckets ({"0.1": 3, "+Inf": 5}). Kept two hours, and until both roll-ups have taken them.
CREATE TABLE impact_metric_samples (
  series_id bigint NOT NULL REFERENCES impact_metric_series (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  value double precision NOT NULL,
  count bigint,
  buckets jsonb
);
CREATE INDEX impact_metric_samples_series_idx ON impact_metric_samples (series_id, at);
CREATE INDEX impact_metric_samples_at_idx ON impact_metric_samples (at);

-- Samples summed per series and bucket: 5-minute buckets kept two days, hourly buckets kept 35 days.
CREATE TABLE impact_metric_rollups (
  resolution_seconds integer NOT NULL,
  series_id bigint NOT NULL REFERENCES impact_metric_series (id) ON DELETE CASCADE,
  bucket_start timestamptz NOT NULL,
  reports integer NOT NULL,
  value_sum double precision NOT NULL,
  count bigint,
  buckets jsonb,
  PRIMARY KEY (resolution_seconds, series_id, bucket_start)
);
CREATE INDEX impact_metric_rollups_series_idx ON impact_metric_rollups (series_id);
CREATE INDEX impact_metric_rollups_bucket_idx ON impact_metric_rollups (resolution_seconds, bucket_start);

-- How far each roll-up has gone; the process that locks a row (FOR UPDATE SKIP LOCKED) rolls that resolution up.
CREATE TABLE impact_metric_rollup_marks (
  resolution_seconds integer PRIMARY KEY,
  rolled_until timestamptz
);
INSERT INTO impact_metric_rollup_marks (resolution_seconds) VALUES (300), (3600);

-- Applications that reached the series limit: what was dropped, for the warning in the metadata answer.
CREATE TABLE impact_metric_limits (
  app_name text PRIMARY KEY,
  dropped_samples bigint NOT NULL DEFAULT 0,
  last_dropped_at timestamptz NOT NULL
);
