import type { LinkTemplate } from '@switchyard/rules';
import type { Db } from '../../../db/db.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../../db/postgres-errors.ts';
import { BadDataError, NameExistsError } from '../../../http/errors.ts';
import type { Flag } from './flag.ts';

export type FlagRow = {
  name: string;
  project_id: string;
  type: string;
  description: string | null;
  stale: boolean;
  impression_data: boolean;
  created_at: Date;
  archived_at: Date | null;
  last_seen_at: Date | null;
  created_by_user_id: number | null;
};

export const toFlag = (row: FlagRow): Flag => ({
  name: row.name,
  project: row.project_id,
  type: row.type,
  description: row.description,
  stale: row.stale,
  impressionData: row.impression_data,
  createdAt: row.created_at,
  archivedAt: row.archived_at,
  lastSeenAt: row.last_seen_at,
  createdByUserId: row.created_by_user_id,
});

export type NewFlag = {
  name: string;
  project: string;
  type: string;
  description: string | null;
  impressionData: boolean;
  createdByUserId: number | null;
};

export type FlagChanges = Partial<Pick<Flag, 'type' | 'description' | 'stale' | 'impressionData'>>;

export type ProjectRow = {
  id: string;
  default_stickiness: string;
  feature_limit: number | null;
  archived_at: Date | null;
  feature_naming_pattern: string | null;
  feature_naming_example: string | null;
  feature_naming_description: string | null;
  link_templates: LinkTemplate[];
};

function typeError(type: string): BadDataError {
  return new BadDataError(`"${type}" is not a flag type; see GET /api/admin/feature-types`, [
    { message: `"type" must name an existing flag type; "${type}" does not exist`, path: '/body/type' },
  ]);
}

/** The flags table: one row per flag, archived ones included (archiving only sets archived_at). */
export function createFlagStore(db: Db) {
  return {
    /** A flag by name, archived or not. */
    async get(name: string): Promise<Flag | undefined> {
      const [row] = await db.query<FlagRow>('SELECT * FROM flags WHERE name = $1', [name]);
      return row && toFlag(row);
    },
    async getMany(names: string[]): Promise<Flag[]> {
      const rows = await db.query<FlagRow>('SELECT * FROM flags WHERE name = ANY($1) ORDER BY name', [names]);
      return rows.map(toFlag);
    },
    async insert(flag: NewFlag): Promise<Flag> {
      try {
        const [row] = await db.query<FlagRow>(
          `INSERT INTO flags (name, project_id, type, description, impression_data, created_by_user_id)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
          [flag.name, flag.project, flag.type, flag.description, flag.impressionData, flag.createdByUserId],
        );
        return toFlag(row!);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new NameExistsError(`A flag named "${flag.name}" already exists (possibly archived)`, [
            { message: `a flag named "${flag.name}" already exists`, path: '/body/name' },
          ]);
        }
        if (isForeignKeyViolation(error)) throw typeError(flag.type);
        throw error;
      }
    },
    async update(name: string, changes: FlagChanges): Promise<Flag> {
      try {
        const [row] = await db.query<FlagRow>(
          `UPDATE flags SET type = COALESCE($2, type),
                  description = CASE WHEN $3::boolean THEN $4 ELSE description END,
                  stale = COALESCE($5, stale), impression_data = COALESCE($6, impression_data)
            WHERE name = $1 RETURNING *`,
          [
            name,
            changes.type ?? null,
            changes.description !== undefined,
            changes.description ?? null,
            changes.stale ?? null,
            changes.impressionData ?? null,
          ],
        );
        return toFlag(row!);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw typeError(changes.type ?? '');
        throw error;
      }
    },
    async setStale(names: string[], stale: boolean): Promise<void> {
      await db.query('UPDATE flags SET stale = $2 WHERE name = ANY($1)', [names, stale]);
    },
    async archive(names: string[]): Promise<void> {
      await db.query('UPDATE flags SET archived_at = now() WHERE name = ANY($1) AND archived_at IS NULL', [
        names,
      ]);
    },
    async typeExists(type: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM flag_types WHERE id = $1', [type])).length > 0;
    },
    async getProject(id: string): Promise<ProjectRow | undefined> {
      const [row] = await db.query<ProjectRow>(
        `SELECT id, default_stickiness, feature_limit, archived_at, feature_naming_pattern, feature_naming_example,
                feature_naming_description, link_templates
           FROM projects WHERE id = $1`,
        [id],
      );
      return row;
    },
    async countActive(project: string): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM flags WHERE project_id = $1 AND archived_at IS NULL',
        [project],
      );
      return row!.n;
    },
  };
}

export type FlagStore = ReturnType<typeof createFlagStore>;
