-- Release templates: a named, ordered list of milestones, each with the strategies it puts on a flag environment.
CREATE TABLE release_plan_templates (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text,
  created_by_user_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  archived_at timestamptz
);
CREATE UNIQUE INDEX release_plan_templates_name_key ON release_plan_templates (name);

CREATE TABLE release_plan_template_milestones (
  id text PRIMARY KEY,
  template_id text NOT NULL REFERENCES release_plan_templates (id) ON DELETE CASCADE,
  name text NOT NULL,
  sort_order integer NOT NULL,
  -- How long after it starts the next milestone starts by itself; null: only by hand.
  interval_minutes integer
);
CREATE INDEX release_plan_template_milestones_template ON release_plan_template_milestones (template_id);

CREATE TABLE release_plan_template_milestone_strategies (
  id text PRIMARY KEY,
  milestone_id text NOT NULL REFERENCES release_plan_template_milestones (id) ON DELETE CASCADE,
  sort_order integer NOT NULL,
  title text,
  strategy_name text NOT NULL,
  parameters jsonb NOT NULL DEFAULT '{}',
  constraints jsonb NOT NULL DEFAULT '[]',
  variants jsonb NOT NULL DEFAULT '[]',
  segments jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX release_plan_template_milestone_strategies_milestone
  ON release_plan_template_milestone_strategies (milestone_id);
