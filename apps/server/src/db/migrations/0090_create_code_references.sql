-- Where flags are named in source code: one scan per project, repository and branch (a new upload replaces its
-- references), and the flag names found at SDK call sites. A reference outlives nothing: deleting the flag or the
-- project deletes it.
CREATE TABLE code_reference_scans (
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE ON UPDATE CASCADE,
  repository text NOT NULL,
  branch text NOT NULL,
  repository_url text,
  commit_sha text,
  scanned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, repository, branch)
);

CREATE TABLE code_references (
  project_id text NOT NULL,
  repository text NOT NULL,
  branch text NOT NULL,
  flag_name text NOT NULL REFERENCES flags (name) ON DELETE CASCADE ON UPDATE CASCADE,
  file text NOT NULL,
  line integer NOT NULL,
  column_number integer,
  method text,
  FOREIGN KEY (project_id, repository, branch)
    REFERENCES code_reference_scans (project_id, repository, branch) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX code_references_flag_name_idx ON code_references (flag_name);
CREATE INDEX code_references_scan_idx ON code_references (project_id, repository, branch);
