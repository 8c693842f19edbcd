-- Indexes for the flag table's search (GET /api/admin/search/features) and the lookups around it.
-- IF NOT EXISTS: other migrations may already create some of them (0010 creates flag_dependencies_child_idx).
-- Pages are sorted by creation time by default, or by last use; both read an index in order and stop at the page.
CREATE INDEX IF NOT EXISTS flags_created_at_name_idx ON flags (created_at, name);
CREATE INDEX IF NOT EXISTS flags_last_seen_at_idx ON flags (last_seen_at);
-- Tag filters select flags by tag, not tags by flag as the primary key does.
CREATE INDEX IF NOT EXISTS flag_tags_tag_idx ON flag_tags (tag_type, tag_value);
-- "Is this flag a child?" and "which flags use this segment?" look up by the second column of a primary key.
CREATE INDEX IF NOT EXISTS flag_dependencies_child_idx ON flag_dependencies (child);
CREATE INDEX IF NOT EXISTS flag_strategy_segments_segment_idx ON flag_strategy_segments (segment_id);
CREATE INDEX IF NOT EXISTS favorite_flags_user_idx ON favorite_flags (user_id);
