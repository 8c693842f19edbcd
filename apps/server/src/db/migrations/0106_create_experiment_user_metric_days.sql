-- Each exposed user's summed value of a mean metric per UTC day, so the results' daily series can give the mean per
-- user as it stood at the end of each day: experiment_user_metrics keeps only a user's running total, and a mean
-- that counted every user's total on one day (their first event, their exposure) would credit each day with values
-- that came later. Written by the flush statement that adds to experiment_user_metrics. Values recorded before this
-- table existed have no day: the series counts what a user's total exceeds their days by on the day of exposure.
CREATE TABLE experiment_user_metric_days (
  experiment_id bigint NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  metric text NOT NULL,
  user_id text NOT NULL,
  day date NOT NULL,
  value_sum double precision NOT NULL,
  PRIMARY KEY (experiment_id, metric, user_id, day)
);
