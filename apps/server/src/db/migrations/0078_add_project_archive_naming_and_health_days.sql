-- An archived project keeps its archived flags and settings but takes no new flags; reviving it clears the mark.
ALTER TABLE projects ADD COLUMN archived_at timestamptz;

-- A project's flag naming rule (Unleash's featureNaming): new flags' names must match the whole pattern.
ALTER TABLE projects ADD COLUMN feature_naming_pattern text;
ALTER TABLE projects ADD COLUMN feature_naming_example text;
ALTER TABLE projects ADD COLUMN feature_naming_description text;

-- Each project's health once a day, for averages over time; the first process to record a day wins.
CREATE TABLE project_health_days (
  project text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  day date NOT NULL,
  health integer NOT NULL,
  PRIMARY KEY (project, day)
);
