-- Safeguards on release plans (decision record 0040): a metric over a window compared with a threshold, and what to
-- do when it is crossed. Every process evaluates; `evaluated_at` is the lease that lets one evaluate each period.
CREATE TABLE release_plan_safeguards (
  id text PRIMARY KEY,
  plan_id text NOT NULL REFERENCES release_plans (id) ON DELETE CASCADE,
  -- 'impact' (an impact-metric series by name and labels) or 'external' (PromQL on the instance's external source).
  source text NOT NULL CHECK (source IN ('impact', 'external')),
  -- The impactMetric or externalMetric object as the API takes it.
  metric jsonb NOT NULL,
  window_minutes integer NOT NULL,
  operator text NOT NULL CHECK (operator IN ('>', '<')),
  threshold double precision NOT NULL,
  action text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  evaluated_at timestamptz,
  last_value double precision,
  last_error text,
  triggered_at timestamptz,
  explanation text
);
CREATE INDEX release_plan_safeguards_plan ON release_plan_safeguards (plan_id);
