-- Safeguards on a flag environment without a release plan (decision record 0056): the same condition, owned by the
-- flag environment instead of a plan, whose one action is turning the environment off. Exactly one owner per row.
-- And a third source besides impact metrics and the external query: an experiment's guardrails.
ALTER TABLE release_plan_safeguards ALTER COLUMN plan_id DROP NOT NULL;
ALTER TABLE release_plan_safeguards ADD COLUMN flag_name text;
ALTER TABLE release_plan_safeguards ADD COLUMN environment_name text;
ALTER TABLE release_plan_safeguards ADD CONSTRAINT release_plan_safeguards_flag_environment
  FOREIGN KEY (flag_name, environment_name) REFERENCES flag_environments (flag_name, environment_name)
  ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE release_plan_safeguards ADD CONSTRAINT release_plan_safeguards_one_owner CHECK (
  (plan_id IS NOT NULL AND flag_name IS NULL AND environment_name IS NULL)
  OR (plan_id IS NULL AND flag_name IS NOT NULL AND environment_name IS NOT NULL)
);
CREATE INDEX release_plan_safeguards_flag_environment_idx ON release_plan_safeguards (flag_name, environment_name)
  WHERE flag_name IS NOT NULL;
-- A safeguard may also watch a running experiment's guardrails ('experiment': {"experimentId": n}).
ALTER TABLE release_plan_safeguards DROP CONSTRAINT release_plan_safeguards_source_check;
ALTER TABLE release_plan_safeguards ADD CONSTRAINT release_plan_safeguards_source_check
  CHECK (source IN ('impact', 'external', 'experiment'));
