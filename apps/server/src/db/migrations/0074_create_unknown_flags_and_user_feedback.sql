-- Flag names SDKs report usage for that no flag carries (archived flags count as known), per application and
-- environment; bounded: rows unseen for a day and rows beyond the newest 1,000 are pruned.
CREATE TABLE unknown_flags (
  flag_name text NOT NULL,
  app_name text NOT NULL,
  environment text NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (flag_name, app_name, environment)
);
CREATE INDEX unknown_flags_last_seen_idx ON unknown_flags (last_seen_at);

-- What each user did with an admin UI splash screen or feedback prompt.
CREATE TABLE user_splashes (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  splash_id text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, splash_id)
);
CREATE TABLE user_feedback (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  feedback_id text NOT NULL,
  given_at timestamptz,
  never_show boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, feedback_id)
);
