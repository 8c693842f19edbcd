-- A project's link templates (Unleash's linkTemplates): every flag created in the project gets one link per template,
-- with {{project}} and {{feature}} in the URL replaced by its names.
ALTER TABLE projects ADD COLUMN link_templates jsonb NOT NULL DEFAULT '[]';
