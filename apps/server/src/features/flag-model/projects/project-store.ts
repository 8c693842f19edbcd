import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { NameExistsError } from '../../../http/errors.ts';
import { ROLE_IDS } from '@switchyard/access';
import type { FlagNaming, LinkTemplate } from '@switchyard/rules';
import type { Project, ProjectMode, ProjectOwner, ProjectSummary } from './project.ts';

type ProjectRow = {
  id: string;
  name: string;
  description: string | null;
  mode: ProjectMode;
  default_stickiness: string;
  feature_limit: number | null;
  feature_naming_pattern: string | null;
  feature_naming_example: string | null;
  feature_naming_description: string | null;
  link_templates: LinkTemplate[];
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  mode: row.mode,
  defaultStickiness: row.default_stickiness,
  featureLimit: row.feature_limit,
  featureNaming:
    row.feature_naming_pattern === null
      ? null
      : {
          pattern: row.feature_naming_pattern,
          example: row.feature_naming_example,
          description: row.feature_naming_description,
        },
  linkTemplates: row.link_templates,
  archivedAt: row.archived_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * A flag is potentially stale when it is not marked stale but has outlived the expected lifetime of its type
 * (release and experiment flags: 40 days). Kill switches and permission flags have no lifetime.
 */
export const POTENTIALLY_STALE = `(NOT f.stale AND ft.lifetime_days IS NOT NULL
  AND f.created_at < now() - make_interval(days => ft.lifetime_days))`;

/** Per-project counts of flags that are not archived, as a subquery joined on `p.id`. */
export const FLAG_COUNTS = `(SELECT f.project_id,
    count(*)::int AS total,
    count(*) FILTER (WHERE f.stale)::int AS stale,
    count(*) FILTER (WHERE ${POTENTIALLY_STALE})::int AS potentially_stale,
    max(f.created_at) AS last_flag_at
  FROM flags f LEFT JOIN flag_types ft ON ft.id = f.type
  WHERE f.archived_at IS NULL GROUP BY f.project_id)`;

type SummaryRow = ProjectRow & {
  total: number | null;
  stale: number | null;
  potentially_stale: number | null;
  favorite: boolean;
  member_count: number;
  owners: ({ kind: 'user'; name: string; email: string | null } | { kind: 'group'; name: string })[];
  last_event_at: Date | null;
};

export type ProjectFields = {
  name: string;
  description: string | null;
  mode: ProjectMode;
  defaultStickiness: string;
};

const toOwner = (owner: SummaryRow['owners'][number]): ProjectOwner =>
  owner.kind === 'group' ? { kind: 'group', name: owner.name } : owner;

export function createProjectStore(db: Db) {
  return {
    async find(id: string): Promise<Project | undefined> {
      const [row] = await db.query<ProjectRow>('SELECT * FROM projects WHERE id = $1', [id]);
      return row && toProject(row);
    },
    async exists(id: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM projects WHERE id = $1', [id])).length > 0;
    },
    /** Projects with their flag counts; `favorite` for the given user (none for API tokens). */
    async listSummaries(userId: number | null, ids?: string[]): Promise<ProjectSummary[]> {
      const rows = await db.query<SummaryRow>(
        `SELECT p.*, c.total, c.stale, c.potentially_stale,
                EXISTS (SELECT 1 FROM favorite_projects fp WHERE fp.project_id = p.id AND fp.user_id = $1) AS favorite,
                (SELECT count(*)::int FROM (
                   SELECT m.user_id FROM project_members m WHERE m.project = p.id
                   UNION SELECT gu.user_id FROM project_groups pg JOIN group_users gu ON gu.group_id = pg.group_id
                    WHERE pg.project = p.id) members
                   JOIN users u ON u.id = members.user_id WHERE u.deleted_at IS NULL) AS member_count,
                (SELECT coalesce(json_agg(json_build_object('kind', o.kind, 'name', o.name, 'email', o.email)
                                          ORDER BY o.kind DESC, o.granted_at, o.id), '[]'::json)
                   FROM (SELECT 'user'::text AS kind, u.id, COALESCE(u.name, u.username, u.email, 'user ' || u.id) AS name,
                                u.email, m.created_at AS granted_at
                           FROM project_members m JOIN users u ON u.id = m.user_id
                          WHERE m.project = p.id AND m.role_id = $3 AND u.deleted_at IS NULL
                         UNION ALL
                         SELECT 'group', g.id, g.name, NULL, pg.created_at FROM project_groups pg JOIN groups g ON g.id = pg.group_id
                          WHERE pg.project = p.id AND pg.role_id = $3) o) AS owners,
                (SELECT max(e.created_at) FROM events e WHERE e.project = p.id) AS last_event_at
           FROM projects p LEFT JOIN ${FLAG_COUNTS} c ON c.project_id = p.id
          WHERE ($2::text[] IS NULL OR p.id = ANY($2))
          ORDER BY lower(p.name), p.id`,
        [userId, ids ?? null, ROLE_IDS.Owner],
      );
      return rows.map((row) => ({
        ...toProject(row),
        flags: { total: row.total ?? 0, stale: row.stale ?? 0, potentiallyStale: row.potentially_stale ?? 0 },
        memberCount: row.member_count,
        owners: row.owners.map(toOwner),
        favorite: row.favorite,
        lastUpdatedAt: row.last_event_at,
      }));
    },
    async summary(id: string, userId: number | null): Promise<ProjectSummary | undefined> {
      const [summary] = await this.listSummaries(userId, [id]);
      return summary;
    },
    async insert(project: ProjectFields & { id: string }): Promise<Project> {
      try {
        const [row] = await db.query<ProjectRow>(
          `INSERT INTO projects (id, name, description, mode, default_stickiness)
           VALUES ($1, $2, $3, $4, $5) RETURNING *`,
          [project.id, project.name, project.description, project.mode, project.defaultStickiness],
        );
        return toProject(row!);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new NameExistsError(`A project with id "${project.id}" already exists`);
        }
        throw error;
      }
    },
    async update(id: string, fields: ProjectFields): Promise<Project> {
      const [row] = await db.query<ProjectRow>(
        `UPDATE projects SET name = $2, description = $3, mode = $4, default_stickiness = $5, updated_at = now()
         WHERE id = $1 RETURNING *`,
        [id, fields.name, fields.description, fields.mode, fields.defaultStickiness],
      );
      return toProject(row!);
    },
    async setArchivedAt(id: string, at: Date | null): Promise<Project> {
      const [row] = await db.query<ProjectRow>(
        'UPDATE projects SET archived_at = $2, updated_at = now() WHERE id = $1 RETURNING *',
        [id, at],
      );
      return toProject(row!);
    },
    async setNaming(id: string, naming: FlagNaming | null): Promise<Project> {
      const [row] = await db.query<ProjectRow>(
        `UPDATE projects SET feature_naming_pattern = $2, feature_naming_example = $3,
                feature_naming_description = $4, updated_at = now()
          WHERE id = $1 RETURNING *`,
        [id, naming?.pattern ?? null, naming?.example ?? null, naming?.description ?? null],
      );
      return toProject(row!);
    },
    async setLinkTemplates(id: string, templates: LinkTemplate[]): Promise<Project> {
      const [row] = await db.query<ProjectRow>(
        'UPDATE projects SET link_templates = $2, updated_at = now() WHERE id = $1 RETURNING *',
        [id, JSON.stringify(templates)],
      );
      return toProject(row!);
    },
    async delete(id: string): Promise<void> {
      await db.query('DELETE FROM projects WHERE id = $1', [id]);
    },
    async idsStartingWith(prefix: string): Promise<string[]> {
      const rows = await db.query<{ id: string }>('SELECT id FROM projects WHERE id LIKE $1', [
        `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      ]);
      return rows.map((row) => row.id);
    },
    /** Names of the project's flags, split by whether they are archived. */
    async flagNames(id: string): Promise<{ active: string[]; archived: string[] }> {
      const rows = await db.query<{ name: string; archived: boolean }>(
        'SELECT name, archived_at IS NOT NULL AS archived FROM flags WHERE project_id = $1 ORDER BY name',
        [id],
      );
      return {
        active: rows.filter((r) => !r.archived).map((r) => r.name),
        archived: rows.filter((r) => r.archived).map((r) => r.name),
      };
    },
    async deleteFlags(names: string[]): Promise<void> {
      await db.query('DELETE FROM flags WHERE name = ANY($1)', [names]);
    },
  };
}

export type ProjectStore = ReturnType<typeof createProjectStore>;
