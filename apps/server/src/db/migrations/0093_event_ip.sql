-- The address of the caller whose request made the change (Unleash's event `ip`); null for changes made outside a
-- request, such as a scheduler's.
ALTER TABLE events ADD COLUMN ip text;
