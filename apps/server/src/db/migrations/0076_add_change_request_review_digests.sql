-- An approval approves a result (decision record 0029): the digest of the states the request's changes produce, and
-- of the states they were computed from. Apply recomputes them; an approval of another result no longer counts.
-- Approvals made before this column existed have none, so they count for nothing and are asked for again.
ALTER TABLE change_request_reviews ADD COLUMN result_digest text;
ALTER TABLE change_request_reviews ADD COLUMN base_digest text;
