import type { Db } from '../../../db/db.ts';
import { InvalidOperationError } from '../../../http/errors.ts';
import type { Actor, Flag } from './flag.ts';
import { recordFlagEvent } from './flag-events.ts';
import { requireFlag, requireProject } from './flag-lookup.ts';

/**
 * Moving a flag to another project (Unleash's changeProject). What ties a flag to its project stays behind, so a flag
 * with dependencies (parent and child share a project) or strategies using the old project's segments does not move.
 */
export function createFlagMoveService(db: Db) {
  return {
    async move(project: string, flagName: string, newProject: string, actor: Actor): Promise<Flag> {
      const flag = await requireFlag(db, project, flagName);
      await requireProject(db, newProject);
      if (newProject === project) {
        throw new InvalidOperationError(`Flag "${flagName}" is already in project "${project}"`);
      }
      const [ties] = await db.query<{ dependencies: number; segments: number }>(
        `SELECT (SELECT count(*)::int FROM flag_dependencies WHERE child = $1 OR parent = $1) AS dependencies,
                (SELECT count(*)::int FROM flag_strategies s
                   JOIN flag_strategy_segments ss ON ss.strategy_id = s.id
                   JOIN segments g ON g.id = ss.segment_id
                  WHERE s.flag_name = $1 AND g.project_id = $2) AS segments`,
        [flagName, project],
      );
      if (ties!.dependencies > 0) {
        throw new InvalidOperationError(
          `Flag "${flagName}" has dependencies, which stay within a project: remove them before moving it`,
        );
      }
      if (ties!.segments > 0) {
        throw new InvalidOperationError(
          `Flag "${flagName}" uses segments of project "${project}" in its strategies: remove them before moving it`,
        );
      }
      await db.query('UPDATE flags SET project_id = $2 WHERE name = $1', [flagName, newProject]);
      // Environments of the new project the flag was never configured in start off, as adding one does.
      await db.query(
        `INSERT INTO flag_environments (flag_name, environment_name, enabled)
         SELECT $1, environment_name, false FROM project_environments WHERE project_id = $2
         ON CONFLICT DO NOTHING`,
        [flagName, newProject],
      );
      await recordFlagEvent(db, actor, {
        type: 'feature-project-change',
        project: newProject,
        flagName,
        data: { oldProject: project, newProject },
      });
      return { ...flag, project: newProject };
    },
  };
}
