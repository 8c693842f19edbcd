-- Service accounts are users that never sign in: they act through their tokens only.
ALTER TABLE users ADD COLUMN is_service boolean NOT NULL DEFAULT false;
