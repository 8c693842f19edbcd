-- What SDKs were served, over time: one recording per environment per transaction that changed its served
-- configuration (decision record 0041). Written under one advisory lock just before commit, so ids follow commit order.
CREATE TABLE served_recordings (
  id bigserial PRIMARY KEY,
  environment text NOT NULL,
  recorded_at timestamptz NOT NULL,
  -- The events the transaction appended: who changed what, through which change request.
  event_ids bigint[] NOT NULL DEFAULT '{}',
  -- The whole recorded state after this recording ({key: value}) every so often, so reading never replays far.
  checkpoint json
);
CREATE INDEX served_recordings_environment_at ON served_recordings (environment, recorded_at);
CREATE INDEX served_recordings_environment_checkpoint ON served_recordings (environment, id) WHERE checkpoint IS NOT NULL;

-- One changed entry of a recording: a flag (`flag:<name>`), a segment (`segment:<id>`) or a context field
-- (`context:<name>`); a null value means the entry is no longer served. json, not jsonb: it keeps the served text,
-- keys in their order, so a reconstruction serialises to the same bytes.
CREATE TABLE served_changes (
  recording_id bigint NOT NULL REFERENCES served_recordings (id) ON DELETE CASCADE,
  environment text NOT NULL,
  key text NOT NULL,
  value json,
  PRIMARY KEY (recording_id, key)
);
CREATE INDEX served_changes_environment_recording ON served_changes (environment, recording_id);
CREATE INDEX served_changes_environment_key ON served_changes (environment, key, recording_id);

-- The digest of each entry as last recorded: what the next recording compares with.
CREATE TABLE served_heads (
  environment text NOT NULL,
  key text NOT NULL,
  digest text NOT NULL,
  PRIMARY KEY (environment, key)
);
