import type { Db } from '../../../db/db.ts';
import { ConflictError } from '../../../http/errors.ts';
import { markedDryRun } from '../../../db/dry-run.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { ACTIONS, type ActionContext, flagConflict } from './change-actions.ts';
import type { Change, ChangeRequest } from './change-request.ts';
import { scopeConflict } from './change-scope.ts';

/** Thrown to roll back a transaction that only tried something; carries what the try produced. */
class DryRun<T> extends Error {
  constructor(readonly result: T) {
    super('dry run');
  }
}

/**
 * Runs fn in a transaction that is always rolled back, and returns its result (or throws its error). Marked as a dry
 * run, so the events it records owe no deliveries or signals (db/dry-run.ts). Never call it inside a transaction:
 * nested transactions join the outer one, which the roll-back would end.
 */
export async function tryInRollback<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  try {
    await markedDryRun(() =>
      db.transaction(async (tx) => {
        throw new DryRun(await fn(tx));
      }),
    );
  } catch (error) {
    if (error instanceof DryRun) return error.result as T;
    throw error;
  }
  throw new Error('unreachable: a dry run always throws');
}

const contextOf = (db: Db, request: ChangeRequest, actor: Actor): ActionContext => ({
  db,
  project: request.project,
  environment: request.environment,
  actor,
});

/** Why one change cannot apply as reviewed (the flag went away, the strategy or segment changed), or undefined. */
export async function conflictOf(
  db: Db,
  request: ChangeRequest,
  change: Change,
): Promise<string | undefined> {
  const context = contextOf(db, request, { name: 'system', userId: null });
  if (change.flagName !== null) {
    const gone = await flagConflict(context, change.flagName);
    if (gone) return gone;
  }
  const outside = await scopeConflict(context, change);
  if (outside) return outside;
  return ACTIONS[change.action].conflict(context, change);
}

/** The conflicts of a request by change id. */
export async function conflictsOf(db: Db, request: ChangeRequest): Promise<Map<number, string>> {
  const conflicts = new Map<number, string>();
  for (const change of request.changes) {
    const conflict = await conflictOf(db, request, change);
    if (conflict) conflicts.set(change.id, conflict);
  }
  return conflicts;
}

/** Flags the request adds an active (not disabled) strategy to. */
const flagsGivenStrategies = (request: ChangeRequest): Set<string> =>
  new Set(
    request.changes
      .filter((c) => c.action === 'addStrategy' && (c.payload as { disabled?: boolean }).disabled !== true)
      .map((c) => c.flagName!),
  );

/**
 * Applies every change in order through the direct writes' own functions; the caller owns the transaction. Whoever
 * applies, no change leaves the request's project: checked here again, whatever was checked before.
 */
export async function applyChanges(tx: Db, request: ChangeRequest, actor: Actor): Promise<void> {
  const context = { ...contextOf(tx, request, actor), addsStrategyTo: flagsGivenStrategies(request) };
  for (const change of request.changes) {
    const outside = await scopeConflict(context, change);
    if (outside) throw new ConflictError(`Change request ${request.id} cannot apply: ${outside}`);
    await ACTIONS[change.action].apply(context, change);
  }
}
