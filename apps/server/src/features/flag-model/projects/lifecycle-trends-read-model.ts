import type { Db } from '../../../db/db.ts';
import { firstEnabled } from '../flags/flag-lifecycle-store.ts';
import type { StageTimes } from './lifecycle-trends.ts';

/** The recorded stage times of flags across projects, for the historical lifecycle figures. */
export function createLifecycleTrendsReadModel(db: Db) {
  return {
    /**
     * Every flag's recorded stage times, archived flags too: created, first enabled in a production-type
     * environment (from the event log), completed, archived. `projects` null means all; `hidden` are left out.
     */
    async stageTimes(projects: string[] | null, hidden: string[]): Promise<StageTimes[]> {
      return db.query<StageTimes>(
        `SELECT f.created_at AS initial, ${firstEnabled('=')} AS live,
                c.completed_at AS completed, f.archived_at AS archived
           FROM flags f LEFT JOIN flag_completions c ON c.flag_name = f.name
          WHERE NOT (f.project_id = ANY($2)) AND ($1::text[] IS NULL OR f.project_id = ANY($1))`,
        [projects, hidden],
      );
    },
  };
}
