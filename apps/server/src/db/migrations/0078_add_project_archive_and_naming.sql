-- An archived project keeps its archived flags and settings but takes no new flags; reviving it clears the mark.
ALTER TABLE projects ADD COLUMN archived_at timestamptz;

-- A project's flag naming rule (Unleash's featureNaming): new flags' names must match the whole pattern.
ALTER TABLE projects ADD COLUMN feature_naming_pattern text;
ALTER TABLE projects ADD COLUMN feature_naming_example text;
ALTER TABLE projects ADD COLUMN feature_naming_description text;
