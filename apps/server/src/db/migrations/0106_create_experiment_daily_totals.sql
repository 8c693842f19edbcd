-- The results' daily series, kept as the flushes go, so reading it touches a few rows per day instead of every
-- exposure: users first exposed per experiment, UTC day and variant; and per metric, the users first converting on
-- a day and that day's increase of the sum and of the sum of squares of the users' running values (a user at 3 who
-- adds 2 on a day adds 2 and 5² − 3² = 16 to it), which a mean metric's per-day mean and variance need.
CREATE TABLE experiment_daily_users (
  experiment_id bigint NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  day date NOT NULL,
  variant text NOT NULL,
  users bigint NOT NULL,
  PRIMARY KEY (experiment_id, day, variant)
);

CREATE TABLE experiment_daily_metrics (
  experiment_id bigint NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  metric text NOT NULL,
  day date NOT NULL,
  variant text NOT NULL,
  converters bigint NOT NULL,
  value_sum double precision NOT NULL,
  value_square_sum double precision NOT NULL,
  PRIMARY KEY (experiment_id, metric, day, variant)
);

-- What was recorded before: each exposure on its day; each user's conversion, with all their value so far, on the
-- day of their first event (of their exposure where that is unknown, as it is for rows older than 0102).
INSERT INTO experiment_daily_users (experiment_id, day, variant, users)
SELECT experiment_id, (exposed_at AT TIME ZONE 'UTC')::date, variant, count(*)
  FROM experiment_exposures
 GROUP BY experiment_id, (exposed_at AT TIME ZONE 'UTC')::date, variant;

INSERT INTO experiment_daily_metrics (experiment_id, metric, day, variant, converters, value_sum, value_square_sum)
SELECT u.experiment_id, u.metric, (coalesce(u.first_converted_at, x.exposed_at) AT TIME ZONE 'UTC')::date, u.variant,
       count(*) FILTER (WHERE u.events > 0), sum(u.value_sum), sum(u.value_sum * u.value_sum)
  FROM experiment_user_metrics u
  JOIN experiment_exposures x ON x.experiment_id = u.experiment_id AND x.user_id = u.user_id
 GROUP BY u.experiment_id, u.metric, (coalesce(u.first_converted_at, x.exposed_at) AT TIME ZONE 'UTC')::date, u.variant;
