import { BadDataError } from '../../../http/errors.ts';
import {
  createReleasePlanStore,
  createSafeguardService,
  SafeguardProblem,
  safeguardCondition,
  type PlanPlace,
  type SafeguardChange,
} from '../../release/index.ts';
import { canonicalJson } from './canonical-json.ts';
import type { ActionContext, ActionSpec, ChangeTarget } from './change-actions.ts';

/**
 * The safeguard changes of a change request (decision record 0049), with Unleash's names and payloads: each applies
 * through the safeguard service function its direct route calls, so a reviewed change stores the same safeguard and
 * records the same safeguard-changed or safeguard-deleted event. Safeguards still act without review.
 */
export type SafeguardChangeAction =
  'changeSafeguard' | 'deleteSafeguard' | 'changeFeatureEnvSafeguard' | 'deleteFeatureEnvSafeguard';

type ChangePayload = { planId: string; safeguard: SafeguardChange };
type DeletePayload = { planId: string; safeguardId: string };
type EnvironmentChangePayload = { safeguard: SafeguardChange };
type EnvironmentDeletePayload = { safeguardId: string };

const placeOf = ({ project, environment }: ActionContext, change: ChangeTarget): PlanPlace => ({
  project,
  flagName: change.flagName!,
  environment,
});

/** The safeguard a change names: a new one (none yet) for a `changeSafeguard` without an id. */
const safeguardIdOf = (change: ChangeTarget): string | undefined => {
  const payload = change.payload as Partial<ChangePayload & DeletePayload>;
  return payload.safeguardId ?? payload.safeguard?.id;
};

/** What the named safeguard watches and does now, when it is still one of the plan's; null for none. */
async function snapshot(context: ActionContext, change: ChangeTarget) {
  const { planId } = change.payload as { planId: string };
  const id = safeguardIdOf(change);
  const plan = await createReleasePlanStore(context.db).get(planId);
  if (!id || !plan || plan.flagName !== change.flagName || plan.environment !== context.environment)
    return null;
  const safeguard = await createSafeguardService(context.db).get(id);
  return safeguard && safeguard.owner.kind === 'plan' && safeguard.owner.planId === plan.id
    ? safeguardCondition(safeguard)
    : null;
}

/** What the named safeguard of the flag environment itself watches and does now; null for none. */
async function environmentSnapshot(context: ActionContext, change: ChangeTarget) {
  const id = safeguardIdOf(change);
  if (!id) return null;
  const safeguard = await createSafeguardService(context.db).get(id);
  const owner = safeguard?.owner;
  return owner?.kind === 'environment' &&
    owner.flagName === change.flagName &&
    owner.environment === context.environment
    ? safeguardCondition(safeguard!)
    : null;
}

type Snapshot = (context: ActionContext, change: ChangeTarget) => Promise<object | null>;

/** The named safeguard, by `current`, removed or changed since the change was drafted; undefined for a new one. */
async function changedSince(
  current: Snapshot,
  context: ActionContext,
  change: ChangeTarget,
): Promise<string | undefined> {
  const id = safeguardIdOf(change);
  if (!id) return undefined;
  const now = await current(context, change);
  if (now === null) return `Safeguard "${id}" was removed after this change was made`;
  if (change.snapshot && canonicalJson(now) !== canonicalJson(change.snapshot))
    return `Safeguard "${id}" was changed after this change was made`;
  return undefined;
}

/** A reviewed change of a plan's safeguard that was removed, or changed since, no longer applies as reviewed. */
async function conflict(context: ActionContext, change: ChangeTarget): Promise<string | undefined> {
  const { planId } = change.payload as { planId: string };
  const plan = await createReleasePlanStore(context.db).get(planId);
  if (!plan || plan.flagName !== change.flagName || plan.environment !== context.environment)
    return `Release plan "${planId}" was removed after this change was made`;
  return changedSince(snapshot, context, change);
}

/** As `conflict`, for a flag environment's own safeguard. */
const environmentConflict = (context: ActionContext, change: ChangeTarget) =>
  changedSince(environmentSnapshot, context, change);

/** A rule the safeguard service refuses, naming the payload field as a route names a body field. */
async function fieldErrors(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof SafeguardProblem)
      throw BadDataError.field(`/body/safeguard/${error.field}`, error.message);
    throw error;
  }
}

const service = (context: ActionContext) => createSafeguardService(context.db);

export const SAFEGUARD_ACTION_SPECS: Record<SafeguardChangeAction, ActionSpec> = {
  changeSafeguard: {
    permission: 'UPDATE_FEATURE_STRATEGY',
    snapshot,
    conflict,
    async apply(context, change) {
      const { planId, safeguard } = change.payload as ChangePayload;
      await fieldErrors(() =>
        service(context).change(placeOf(context, change), planId, safeguard, context.actor),
      );
    },
  },
  deleteSafeguard: {
    permission: 'UPDATE_FEATURE_STRATEGY',
    snapshot,
    conflict,
    async apply(context, change) {
      const { planId, safeguardId } = change.payload as DeletePayload;
      await service(context).remove(placeOf(context, change), planId, safeguardId, context.actor);
    },
  },
  changeFeatureEnvSafeguard: {
    permission: 'UPDATE_FEATURE_STRATEGY',
    snapshot: environmentSnapshot,
    conflict: environmentConflict,
    async apply(context, change) {
      const { safeguard } = change.payload as EnvironmentChangePayload;
      await fieldErrors(() =>
        service(context).changeOnEnvironment(placeOf(context, change), safeguard, context.actor),
      );
    },
  },
  deleteFeatureEnvSafeguard: {
    permission: 'UPDATE_FEATURE_STRATEGY',
    snapshot: environmentSnapshot,
    conflict: environmentConflict,
    async apply(context, change) {
      const { safeguardId } = change.payload as EnvironmentDeletePayload;
      await service(context).removeFromEnvironment(placeOf(context, change), safeguardId, context.actor);
    },
  },
};
