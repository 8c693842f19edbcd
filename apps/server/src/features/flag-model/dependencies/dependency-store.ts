import type { Db } from '../../../db/db.ts';
import type { Dependency } from './dependency.ts';

export type DependencyFlag = { name: string; project: string; active: boolean };

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function createDependencyStore(db: Db) {
  return {
    async projectExists(id: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM projects WHERE id = $1', [id])).length > 0;
    },
    async findFlag(name: string): Promise<DependencyFlag | undefined> {
      const [row] = await db.query<{ name: string; project_id: string; archived_at: Date | null }>(
        'SELECT name, project_id, archived_at FROM flags WHERE name = $1',
        [name],
      );
      return row && { name: row.name, project: row.project_id, active: row.archived_at === null };
    },
    async hasChildren(name: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM flag_dependencies WHERE parent = $1 LIMIT 1', [name])).length > 0;
    },
    async hasParents(name: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM flag_dependencies WHERE child = $1 LIMIT 1', [name])).length > 0;
    },
    /** A child has one parent, as in Unleash: a new dependency replaces the old one. */
    async replace(dependency: Dependency): Promise<void> {
      await db.query('DELETE FROM flag_dependencies WHERE child = $1', [dependency.child]);
      await db.query(
        'INSERT INTO flag_dependencies (parent, child, enabled, variants) VALUES ($1, $2, $3, $4)',
        [dependency.parent, dependency.child, dependency.enabled, JSON.stringify(dependency.variants)],
      );
    },
    /** Returns whether a dependency was removed. */
    async delete(child: string, parent: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM flag_dependencies WHERE child = $1 AND parent = $2 RETURNING parent',
        [child, parent],
      );
      return rows.length > 0;
    },
    /** Removes every dependency of the child and returns the parents it had. */
    async deleteAll(child: string): Promise<string[]> {
      const rows = await db.query<{ parent: string }>(
        'DELETE FROM flag_dependencies WHERE child = $1 RETURNING parent',
        [child],
      );
      return rows.map((row) => row.parent);
    },
    /** Active flags of the project that could become the child's parent: not itself and without a parent of their own. */
    async parentOptions(child: string, project: string): Promise<string[]> {
      const rows = await db.query<{ name: string }>(
        `SELECT f.name FROM flags f
          WHERE f.project_id = $1 AND f.archived_at IS NULL AND f.name <> $2
            AND NOT EXISTS (SELECT 1 FROM flag_dependencies d WHERE d.child = f.name)`,
        [project, child],
      );
      return rows.map((row) => row.name).sort(byCodeUnits);
    },
    /** Variant names a child can require: the parent's strategy variants and environment variants, in every environment. */
    async parentVariants(parent: string): Promise<string[]> {
      const rows = await db.query<{ name: string }>(
        `SELECT DISTINCT v ->> 'name' AS name FROM (
           SELECT jsonb_array_elements(variants) AS v FROM flag_strategies WHERE flag_name = $1
           UNION ALL
           SELECT jsonb_array_elements(variants) AS v FROM flag_environments WHERE flag_name = $1
         ) variants WHERE v ->> 'name' IS NOT NULL`,
        [parent],
      );
      return rows.map((row) => row.name).sort(byCodeUnits);
    },
    async anyExist(): Promise<boolean> {
      return (await db.query('SELECT 1 FROM flag_dependencies LIMIT 1')).length > 0;
    },
  };
}
