-- When a flag was found to have outlived its type's expected lifetime: the first process to find it marks it and
-- records feature-potentially-stale-on once; the mark is cleared when the flag no longer qualifies (marked stale,
-- archived, or given a type with a longer lifetime), so a later crossing is told again.
ALTER TABLE flags ADD COLUMN potentially_stale_at timestamptz;
