-- Saved impact-metric charts (Unleash's impact metrics configs): a query of one metric, kept to be shown again on the
-- impact-metrics page (no flag) or on a flag's page (flag_name). A flag's charts go with the flag; they follow it
-- when it moves to another project, since the project is the flag's.
CREATE TABLE impact_metric_charts (
  id text PRIMARY KEY,
  flag_name text REFERENCES flags (name) ON DELETE CASCADE ON UPDATE CASCADE,
  title text,
  metric_name text NOT NULL,
  time_range text NOT NULL CHECK (time_range IN ('hour', 'day', 'week', 'month')),
  aggregation_mode text NOT NULL,
  y_axis_min text NOT NULL CHECK (y_axis_min IN ('auto', 'zero')),
  -- Label names to the values a series may have for each, as the API takes them.
  label_selectors jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX impact_metric_charts_flag ON impact_metric_charts (flag_name) WHERE flag_name IS NOT NULL;
