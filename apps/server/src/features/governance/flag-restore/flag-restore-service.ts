import type { Db } from '../../../db/db.ts';
import { BadDataError, NoAccessError, NotFoundError } from '../../../http/errors.ts';
import type { StateAt } from '../../flag-model/history/history-service.ts';
import { createFlagStrategyStore } from '../../flag-model/flags/flag-strategy-store.ts';
import { loadEnvironmentState } from '../../sdk-serving/index.ts';
import type { Caller } from '../change-requests/caller.ts';
import { ACTIONS } from '../change-requests/change-actions.ts';
import type { ChangeRequestService } from '../change-requests/change-request-service.ts';
import { createChangeRequestSettingsStore } from '../change-requests/change-request-settings-store.ts';
import { planRestore, type RestoreChange } from './flag-restore.ts';

export type RestoreOutcome = {
  outcome: 'applied' | 'change-request' | 'unchanged';
  changeRequestId: number | null;
  changes: RestoreChange[];
};

/**
 * Puts a flag in one environment back the way SDKs were served it at an instant, as one ordinary change: each part
 * needs the permission its direct write needs, and where change requests are on (and the caller may not skip them)
 * the changes go to the caller's draft instead. Applied changes go through the change requests' actions, which call
 * what the direct routes call: the same validation, events, maintenance gate and integrations.
 */
export function createFlagRestoreService(db: Db, changeRequests: ChangeRequestService) {
  return {
    async restore(
      project: string,
      flag: string,
      environment: string,
      then: StateAt,
      caller: Caller,
    ): Promise<RestoreOutcome> {
      const [row] = await db.query<{ project_id: string; archived_at: Date | null }>(
        'SELECT project_id, archived_at FROM flags WHERE name = $1',
        [flag],
      );
      if (!row || row.project_id !== project || row.archived_at !== null)
        throw new NotFoundError(`Flag "${flag}" does not exist in project "${project}"`);
      const past = then.full.features.find((f) => f.name === flag);
      if (!past) {
        throw BadDataError.field(
          '/body/at',
          `flag "${flag}" was not served in environment "${environment}" at ${then.recordedAt.toISOString()}`,
        );
      }
      const current = (
        await loadEnvironmentState(db, environment, { withDisabledStrategies: true })
      ).features.find((f) => f.name === flag);
      if (!current) throw new NotFoundError(`Environment "${environment}" does not exist`);
      const positions = new Map(
        (await createFlagStrategyStore(db).list(flag, environment)).map((s) => [s.id, s.sortOrder]),
      );
      const changes = planRestore(past, current, positions);
      if (!changes.length) return { outcome: 'unchanged', changeRequestId: null, changes };
      for (const change of changes) {
        const { permission } = ACTIONS[change.action];
        if (!caller.may(permission, project, environment))
          throw NoAccessError.needs(
            permission,
            `Restoring this flag needs ${permission} in "${environment}"`,
          );
      }
      const reviewed =
        (await createChangeRequestSettingsStore(db).requiredApprovals(project, environment)) !== undefined;
      if (reviewed && !caller.may('SKIP_CHANGE_REQUEST', project, environment)) {
        const id = await changeRequests.addChanges(
          project,
          environment,
          changes.map((c) => ({ target: { flag }, action: c.action, payload: c.payload })),
          caller,
        );
        return { outcome: 'change-request', changeRequestId: id, changes };
      }
      await db.transaction(async (tx) => {
        for (const change of changes) {
          await ACTIONS[change.action].apply(
            // Restoring "on with no strategy" must not add the default strategy a plain switch-on would.
            { db: tx, project, environment, actor: caller.actor, addsStrategyTo: new Set([flag]) },
            { flagName: flag, segmentId: null, payload: change.payload, snapshot: null },
          );
        }
      });
      return { outcome: 'applied', changeRequestId: null, changes };
    },
  };
}
