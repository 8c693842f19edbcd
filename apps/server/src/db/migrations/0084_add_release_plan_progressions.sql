-- Automatic progression of release plans (decision record 0040): a milestone's transition condition names the
-- milestone it leads to, and a plan can be paused (by hand or by a safeguard) and resumed.
ALTER TABLE release_plan_milestones ADD COLUMN target_milestone_id text;
-- When the scheduler (or a person) moved on from this milestone after it last started; null: not yet.
ALTER TABLE release_plan_milestones ADD COLUMN progression_executed_at timestamptz;
ALTER TABLE release_plans ADD COLUMN paused_at timestamptz;
-- Why it was paused, in words a person reads on the flag page ("paused at 25% because ...").
ALTER TABLE release_plans ADD COLUMN paused_reason text;
-- The interval of the active milestone counts from here after a resume, so resuming late does not jump ahead at once.
ALTER TABLE release_plans ADD COLUMN resumed_at timestamptz;
CREATE INDEX release_plans_unpaused_active ON release_plans (active_milestone_id) WHERE paused_at IS NULL;
