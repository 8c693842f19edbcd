-- CUPED for experiments (decision record 0050): each user's tracked events per environment and event name, so the
-- values a user had before an experiment started can be copied when it starts, and per variant and metric the sums
-- of that pre-period value (x), of its square, and of x times the user's metric value (y), kept by every flush.
CREATE TABLE tracked_user_totals (
  environment text NOT NULL,
  event text NOT NULL,
  user_id text NOT NULL,
  events bigint NOT NULL,
  value_sum double precision NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (environment, event, user_id)
);

-- A user's pre-period value per metric, copied at the start: the summed value (mean metrics) or 1 (converted before).
CREATE TABLE experiment_pre_period (
  experiment_id bigint NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  metric text NOT NULL,
  x double precision NOT NULL,
  is_mean boolean NOT NULL,
  PRIMARY KEY (experiment_id, user_id, metric)
);

ALTER TABLE experiment_metric_totals
  ADD COLUMN pre_sum double precision NOT NULL DEFAULT 0,
  ADD COLUMN pre_square_sum double precision NOT NULL DEFAULT 0,
  ADD COLUMN cross_sum double precision NOT NULL DEFAULT 0;
