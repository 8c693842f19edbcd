-- First exposures are written in batches of thousands, and the foreign key checked each row with a trigger of its
-- own: about a third of what a flush costs on the embedded database (decision record 0060). The flush now locks the
-- experiment's row once per statement (FOR KEY SHARE, as the key check did per row), and this trigger deletes an
-- experiment's exposures with it, wherever the delete comes from (the experiment, its flag, its project).
ALTER TABLE experiment_exposures DROP CONSTRAINT experiment_exposures_experiment_id_fkey;

CREATE FUNCTION experiment_exposures_follow_experiment() RETURNS trigger AS $$
BEGIN
  DELETE FROM experiment_exposures WHERE experiment_id = OLD.id;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER experiment_exposures_follow_experiment AFTER DELETE ON experiments
  FOR EACH ROW EXECUTE FUNCTION experiment_exposures_follow_experiment();
