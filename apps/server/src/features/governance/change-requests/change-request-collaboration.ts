import type { Db } from '../../../db/db.ts';
import { NoAccessError } from '../../../http/errors.ts';
import type { Caller } from './caller.ts';

/**
 * A project's collaboration mode decides who submits and changes its change requests (decision record 0033). In a
 * `protected` or `private` project only its members, those who hold a role in it themselves or through a group, and
 * Admins do; anyone else keeps only what they may do with requests they opened before: cancel or discard them. An
 * `open` project asks nothing more than drafting always asks (decision record 0026).
 */
export async function requireCollaborator(db: Db, project: string, caller: Caller): Promise<void> {
  if (caller.isAdmin) return;
  const [row] = await db.query<{ mode: string }>('SELECT mode FROM projects WHERE id = $1', [project]);
  if (!row || row.mode === 'open') return;
  if (caller.actor.userId !== null && (await holdsRole(db, project, caller.actor.userId))) return;
  throw new NoAccessError(
    `Project "${project}" is ${row.mode}: only its members and Admins submit or change its change requests. Others may still cancel the requests they opened`,
  );
}

/** Whether the user holds a role in the project, directly or through a group: a root role alone never counts. */
async function holdsRole(db: Db, project: string, userId: number): Promise<boolean> {
  const [row] = await db.query<{ held: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM project_members WHERE project = $1 AND user_id = $2)
         OR EXISTS (SELECT 1 FROM project_groups pg JOIN group_users gu ON gu.group_id = pg.group_id
                     WHERE pg.project = $1 AND gu.user_id = $2) AS held`,
    [project, userId],
  );
  return row?.held === true;
}
