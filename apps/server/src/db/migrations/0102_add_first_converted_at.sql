-- When each exposed user first did a metric's event, so results can count converters by the day they converted
-- (the daily cumulative series). Rows written before this column existed keep null: the day is unknown, and the
-- series counts them on the day of the user's exposure instead.
ALTER TABLE experiment_user_metrics ADD COLUMN first_converted_at timestamptz;
