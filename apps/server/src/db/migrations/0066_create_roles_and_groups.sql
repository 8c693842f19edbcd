-- Roles, project membership and groups (decision record 0006). The predefined roles keep Unleash's ids; their
-- permissions live in the catalogue (packages/access), only custom roles store theirs here.
CREATE TABLE roles (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text,
  -- root: predefined root role; root-custom: custom root role; project: predefined project role; custom: custom project role
  type text NOT NULL CHECK (type IN ('root', 'root-custom', 'project', 'custom')),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Root roles and project roles each have names of their own.
CREATE UNIQUE INDEX roles_name_per_kind ON roles ((type IN ('root', 'root-custom')), lower(name));

INSERT INTO roles (id, name, description, type) VALUES
  (1, 'Admin', 'Everything, including users, roles, groups, service accounts and API tokens', 'root'),
  (2, 'Editor', 'Instance-wide definitions, new projects, and flag work in the default project and the projects you are a member of', 'root'),
  (3, 'Viewer', 'Read everything you can see, change nothing', 'root'),
  (4, 'Owner', 'Everything in the project: its flags, settings, access and API tokens', 'project'),
  (5, 'Member', 'Create, change and archive flags and their strategies in every environment of the project', 'project'),
  (6, 'Reader', 'Read the project, change nothing (what makes someone a member of a private project without rights)', 'project');
SELECT setval(pg_get_serial_sequence('roles', 'id'), 100);

CREATE TABLE role_permissions (
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  permission text NOT NULL,
  -- Environment permissions name their environment; '' for root and project permissions.
  environment text NOT NULL DEFAULT '',
  PRIMARY KEY (role_id, permission, environment)
);

-- Every person and service account has exactly one root role, by id.
ALTER TABLE users ADD COLUMN root_role_id integer REFERENCES roles (id);
UPDATE users SET root_role_id = CASE root_role WHEN 'Admin' THEN 1 WHEN 'Editor' THEN 2 ELSE 3 END;
ALTER TABLE users ALTER COLUMN root_role_id SET NOT NULL;
-- Kept readable for processes of the previous version during a rolling upgrade; no longer written.
ALTER TABLE users ALTER COLUMN root_role DROP NOT NULL;

ALTER TABLE invite_links ADD COLUMN root_role_id integer NOT NULL DEFAULT 3 REFERENCES roles (id);
UPDATE invite_links SET root_role_id = CASE root_role WHEN 'Admin' THEN 1 WHEN 'Editor' THEN 2 ELSE 3 END;
ALTER TABLE invite_links ALTER COLUMN root_role DROP NOT NULL;

-- Project roles held directly by a person or service account.
CREATE TABLE project_members (
  project text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles (id),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project, user_id, role_id)
);
CREATE INDEX project_members_user ON project_members (user_id);

CREATE TABLE groups (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text,
  -- SSO group names: members of any of them join this group at sign-in (and leave when they no longer are).
  mappings_sso jsonb NOT NULL DEFAULT '[]',
  root_role_id integer REFERENCES roles (id),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX groups_name ON groups (lower(name));

CREATE TABLE group_users (
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Joined through SSO group sync: such memberships end when the identity provider stops listing the group.
  synced boolean NOT NULL DEFAULT false,
  created_by text,
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_users_user ON group_users (user_id);

-- Project roles held by every member of a group.
CREATE TABLE project_groups (
  project text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles (id),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project, group_id, role_id)
);

-- Upgrade: until now every Editor changed flags in every project. Editors keep that in the projects that exist today
-- (outside `default`, where their root role already grants it) as Members, visible and revocable in each Access tab.
INSERT INTO project_members (project, user_id, role_id, created_by)
  SELECT p.id, u.id, 5, 'upgrade' FROM projects p CROSS JOIN users u
   WHERE p.id <> 'default' AND u.root_role_id = 2 AND u.deleted_at IS NULL;
