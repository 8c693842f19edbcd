import type { Access } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { unseenPrivateProjects } from '../../../http/auth.ts';

/**
 * Every project this caller may not see (the private ones it is no member of, by the one rule in http/auth.ts): what
 * reads spanning projects leave out, such as segments, strategies, usage and tags of those projects' flags. Reads take
 * the list as a parameter and filter in SQL with `NOT (project = ANY(hidden))`.
 */
export async function hiddenProjects(db: Db, access: Access | undefined): Promise<string[]> {
  return unseenPrivateProjects(access, {
    async privateProjects(projects) {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM projects WHERE mode = 'private' AND ($1::text[] IS NULL OR id = ANY($1))`,
        [projects ?? null],
      );
      return rows.map((row) => row.id);
    },
  });
}

/**
 * SQL that holds for a flag name unless it names a flag of a hidden project: for reads keyed by flag name (usage
 * metrics), where names no flag carries (unknown flags) stay.
 */
export const flagVisible = (flagName: string, hidden: string): string =>
  `NOT EXISTS (SELECT 1 FROM flags hidden_flag WHERE hidden_flag.name = ${flagName} AND hidden_flag.project_id = ANY(${hidden}))`;
