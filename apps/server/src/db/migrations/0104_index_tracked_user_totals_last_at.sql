-- Users' tracked totals (CUPED's pre-period) are pruned by their last event (decision record 0057): the index keeps
-- the hourly prune from reading the whole table.
CREATE INDEX tracked_user_totals_last_at_idx ON tracked_user_totals (last_at);
