import type { Db } from '../../../db/db.ts';
import type { ChangeRequestSettingsPort } from '../../flag-model/projects/project-ports.ts';
import { clampApprovals } from './change-request.ts';

/** A project environment and whether it takes change requests. */
export type EnvironmentSetting = {
  environment: string;
  type: string;
  enabled: boolean;
  requiredApprovals: number | null;
};

/** change_request_settings: a row per project environment where change requests are on. */
export function createChangeRequestSettingsStore(db: Db) {
  return {
    /** Every environment of the project, with its setting. */
    async list(project: string): Promise<EnvironmentSetting[]> {
      const rows = await db.query<{ name: string; type: string; required_approvals: number | null }>(
        `SELECT e.name, e.type, s.required_approvals
           FROM project_environments pe
           JOIN environments e ON e.name = pe.environment_name
           LEFT JOIN change_request_settings s ON s.project = pe.project_id AND s.environment = pe.environment_name
          WHERE pe.project_id = $1 ORDER BY e.sort_order, e.name`,
        [project],
      );
      return rows.map((row) => ({
        environment: row.name,
        type: row.type,
        enabled: row.required_approvals !== null,
        requiredApprovals: row.required_approvals,
      }));
    },
    /** Approvals required there, or undefined when change requests are off. */
    async requiredApprovals(project: string, environment: string): Promise<number | undefined> {
      const [row] = await db.query<{ required_approvals: number }>(
        'SELECT required_approvals FROM change_request_settings WHERE project = $1 AND environment = $2',
        [project, environment],
      );
      return row?.required_approvals;
    },
    /**
     * The approvals to require when change requests are turned on there: those asked (within 1..10), else the
     * environment's default (`environments.required_approvals`), else 1.
     */
    async approvalsFor(environment: string, asked: number | null | undefined): Promise<number> {
      if (asked !== null && asked !== undefined) return clampApprovals(asked);
      const [row] = await db.query<{ required_approvals: number | null }>(
        'SELECT required_approvals FROM environments WHERE name = $1',
        [environment],
      );
      return clampApprovals(row?.required_approvals);
    },
    async enable(project: string, environment: string, requiredApprovals: number): Promise<void> {
      await db.query(
        `INSERT INTO change_request_settings (project, environment, required_approvals) VALUES ($1, $2, $3)
         ON CONFLICT (project, environment) DO UPDATE SET required_approvals = $3`,
        [project, environment, requiredApprovals],
      );
    },
    async disable(project: string, environment: string): Promise<void> {
      await db.query('DELETE FROM change_request_settings WHERE project = $1 AND environment = $2', [
        project,
        environment,
      ]);
    },
    /** Every (project, environment) with change requests on; the access read model caches it. */
    async all(): Promise<{ project: string; environment: string }[]> {
      return db.query('SELECT project, environment FROM change_request_settings');
    },
  };
}

/** The flag model's port to change-request settings, wired in app.ts. */
export const changeRequestSettingsPort: ChangeRequestSettingsPort = {
  async enable(db, project, environment, requiredApprovals) {
    const store = createChangeRequestSettingsStore(db);
    await store.enable(project, environment, await store.approvalsFor(environment, requiredApprovals));
  },
};
