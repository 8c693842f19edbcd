import { allows } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { assertMayWriteDirectly } from '../../../http/change-request-guard.ts';
import { NoAccessError } from '../../../http/errors.ts';
import { createAccessReadModel } from '../../governance/index.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createFlagEnvironmentService } from '../../flag-model/flags/flag-environment-service.ts';
import type { Signal } from '../signals/signal.ts';
import { ACTION_DEFINITIONS, type Action, type ActionSet } from './action-set.ts';

export type ActionState = 'not started' | 'started' | 'success' | 'failed';
export type ActionOutcome = { action: Action; state: ActionState; details?: string };
export type ActionSetOutcome = { state: 'success' | 'failed'; actions: ActionOutcome[] };

/** The flags of the project carrying `type:value` (a bare value means the `simple` tag type). */
async function flagsTagged(db: Db, project: string, tag: string): Promise<string[]> {
  const split = tag.indexOf(':');
  const [type, value] = split > 0 ? [tag.slice(0, split), tag.slice(split + 1)] : ['simple', tag];
  const rows = await db.query<{ name: string }>(
    `SELECT f.name FROM flags f JOIN flag_tags t ON t.flag_name = f.name
      WHERE f.project_id = $1 AND f.archived_at IS NULL AND t.tag_type = $2 AND t.tag_value = $3 ORDER BY f.name`,
    [project, type, value],
  );
  return rows.map((row) => row.name);
}

/**
 * Runs an action set's actions in order as its service account, stopping at the first failure. Each action checks
 * the account's permission and the change-request rule as the direct route's auth hook would, then calls the same
 * service function, so the flag's events name the service account.
 */
export async function runActionSet(db: Db, set: ActionSet): Promise<ActionSetOutcome> {
  const outcomes: ActionOutcome[] = set.actions.map((action) => ({ action, state: 'not started' }));
  const [user] = await db.query<{ username: string | null; name: string | null; is_service: boolean }>(
    'SELECT username, name, is_service FROM users WHERE id = $1',
    [set.actorId],
  );
  const access = await createAccessReadModel(db).accessOfUser(set.actorId);
  const actor: Actor = { name: user?.username ?? user?.name ?? `user ${set.actorId}`, userId: set.actorId };
  const flags = createFlagEnvironmentService(db);

  for (const outcome of outcomes) {
    outcome.state = 'started';
    try {
      if (!user?.is_service)
        throw new Error(`The action set's actor ${set.actorId} is not a service account`);
      const definition = ACTION_DEFINITIONS[outcome.action.action];
      const params = outcome.action.executionParams;
      const environment = params.environment ?? '';
      const scope = { projects: [set.project], environments: [environment] };
      for (const permission of definition.permissions) {
        if (!allows(access, permission, scope))
          throw NoAccessError.needs(
            permission,
            `Service account "${actor.name}" lacks ${permission} in environment "${environment}" of project "${set.project}"`,
          );
      }
      await assertMayWriteDirectly(set.project, [environment], access, createAccessReadModel(db));
      const names =
        definition.target === 'featureName'
          ? [params.featureName ?? '']
          : await flagsTagged(db, set.project, params.tag ?? '');
      // Savepoint per action: a failure undoes only its own writes, and the signal's transaction goes on.
      await db.query('SAVEPOINT action');
      try {
        for (const name of names)
          await flags.toggle(set.project, name, environment, definition.enabled, actor);
        await db.query('RELEASE SAVEPOINT action');
      } catch (error) {
        await db.query('ROLLBACK TO SAVEPOINT action');
        throw error;
      }
      outcome.state = 'success';
      outcome.details =
        definition.target === 'tag' ? `${names.length} flag(s): ${names.join(', ') || 'none'}` : undefined;
    } catch (error) {
      outcome.state = 'failed';
      outcome.details = error instanceof Error ? error.message : String(error);
      return { state: 'failed', actions: outcomes };
    }
  }
  return { state: 'success', actions: outcomes };
}

/** The signal as an action-set event records it. */
export const signalRecord = (signal: Signal) => ({
  id: signal.id,
  source: signal.source,
  sourceId: signal.sourceId,
  createdAt: signal.createdAt.toISOString(),
  tokenName: signal.tokenName,
  payload: signal.payload,
});
