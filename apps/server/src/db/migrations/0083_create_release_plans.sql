-- A release plan: a copy of a template's milestones that one flag environment follows, one milestone active at a time.
CREATE TABLE release_plans (
  id text PRIMARY KEY,
  template_id text NOT NULL,
  name text NOT NULL,
  description text,
  project_id text NOT NULL,
  flag_name text NOT NULL REFERENCES flags (name) ON DELETE CASCADE ON UPDATE CASCADE,
  environment_name text NOT NULL REFERENCES environments (name) ON DELETE CASCADE ON UPDATE CASCADE,
  active_milestone_id text,
  created_by_user_id integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One plan per flag environment.
CREATE UNIQUE INDEX release_plans_flag_environment_key ON release_plans (flag_name, environment_name);

CREATE TABLE release_plan_milestones (
  id text PRIMARY KEY,
  plan_id text NOT NULL REFERENCES release_plans (id) ON DELETE CASCADE,
  name text NOT NULL,
  sort_order integer NOT NULL,
  interval_minutes integer,
  -- The milestone's strategies as copied from the template (MilestoneStrategy objects).
  strategies jsonb NOT NULL DEFAULT '[]',
  started_at timestamptz
);
CREATE INDEX release_plan_milestones_plan ON release_plan_milestones (plan_id);

-- The flag strategies the active milestone put on the flag environment: what starting the next one replaces.
CREATE TABLE release_plan_flag_strategies (
  plan_id text NOT NULL REFERENCES release_plans (id) ON DELETE CASCADE,
  strategy_id text NOT NULL REFERENCES flag_strategies (id) ON DELETE CASCADE,
  PRIMARY KEY (plan_id, strategy_id)
);
