import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { NameExistsError } from '../../../http/errors.ts';
import type { ContextField, LegalValue } from './context-field.ts';

export type ContextFieldRow = {
  name: string;
  description: string | null;
  legal_values: LegalValue[];
  stickiness: boolean;
  sort_order: number;
  project_id: string | null;
  created_at: Date;
  used_in_flags: number;
  used_in_projects: number;
};

const toContextField = (row: ContextFieldRow): ContextField => ({
  name: row.name,
  description: row.description,
  stickiness: row.stickiness,
  sortOrder: row.sort_order,
  legalValues: row.legal_values,
  project: row.project_id,
  createdAt: row.created_at,
  usedInFlags: row.used_in_flags,
  usedInProjects: row.used_in_projects,
});

// Usage counts read strategy constraints, the way Unleash counts them.
const SELECT = `
  SELECT c.*,
    (SELECT count(DISTINCT fs.flag_name)::int FROM flag_strategies fs
       WHERE fs.constraints @> jsonb_build_array(jsonb_build_object('contextName', c.name))) AS used_in_flags,
    (SELECT count(DISTINCT f.project_id)::int FROM flag_strategies fs JOIN flags f ON f.name = fs.flag_name
       WHERE fs.constraints @> jsonb_build_array(jsonb_build_object('contextName', c.name))) AS used_in_projects
  FROM context_fields c`;

const ORDER = 'ORDER BY c.sort_order, c.name';

export type ContextFieldRecord = Omit<ContextField, 'createdAt' | 'usedInFlags' | 'usedInProjects'>;

/** The 409 for a context field name in use, naming the field. */
export function nameTaken(name: string): NameExistsError {
  return new NameExistsError(`A context field named "${name}" already exists`, [
    { message: `a context field named "${name}" already exists`, path: '/body/name' },
  ]);
}

/** Which fields a list shows: global ones, one project's, or both. */
export type ContextFieldScope = { global: boolean; project?: string; allProjects?: boolean };

export function createContextFieldStore(db: Db) {
  return {
    async list(scope: ContextFieldScope): Promise<ContextField[]> {
      const rows = await db.query<ContextFieldRow>(
        `${SELECT} WHERE ($1 AND c.project_id IS NULL) OR c.project_id = $2 OR ($3 AND c.project_id IS NOT NULL)
         ${ORDER}`,
        [scope.global, scope.project ?? null, scope.allProjects ?? false],
      );
      return rows.map(toContextField);
    },
    async get(name: string): Promise<ContextField | undefined> {
      const [row] = await db.query<ContextFieldRow>(`${SELECT} WHERE c.name = $1`, [name]);
      return row && toContextField(row);
    },
    async insert(field: ContextFieldRecord): Promise<void> {
      try {
        await db.query(
          `INSERT INTO context_fields (name, description, legal_values, stickiness, sort_order, project_id)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            field.name,
            field.description,
            JSON.stringify(field.legalValues),
            field.stickiness,
            field.sortOrder,
            field.project,
          ],
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(field.name);
        throw error;
      }
    },
    async update(field: ContextFieldRecord): Promise<void> {
      await db.query(
        `UPDATE context_fields SET description = $2, legal_values = $3, stickiness = $4, sort_order = $5
         WHERE name = $1`,
        [field.name, field.description, JSON.stringify(field.legalValues), field.stickiness, field.sortOrder],
      );
    },
    async delete(name: string): Promise<void> {
      await db.query('DELETE FROM context_fields WHERE name = $1', [name]);
    },
  };
}
