import type { PermissionName } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createDependencyService } from '../../flag-model/dependencies/dependency-service.ts';
import { createFlagBulkService } from '../../flag-model/flags/flag-bulk-service.ts';
import { createFlagEnvironmentService } from '../../flag-model/flags/flag-environment-service.ts';
import { createFlagEnvironmentStore } from '../../flag-model/flags/flag-environment-store.ts';
import { createFlagStore } from '../../flag-model/flags/flag-store.ts';
import { createFlagStrategyStore } from '../../flag-model/flags/flag-strategy-store.ts';
import type { StrategyRequest } from '../../flag-model/flags/strategy-input.ts';
import {
  createStrategyService,
  type SortOrderEntry,
  strategyData,
} from '../../flag-model/flags/strategy-service.ts';
import type { VariantInput } from '../../flag-model/flags/variant.ts';
import { createVariantService } from '../../flag-model/flags/variant-service.ts';
import type { SegmentInput } from '../../flag-model/segments/segment.ts';
import { createSegmentService } from '../../flag-model/segments/segment-service.ts';
import { createSegmentStore } from '../../flag-model/segments/segment-store.ts';
import type { Action } from './change-request.ts';
import { mentionProject } from '../../../http/project-mention.ts';
import { canonicalJson } from './canonical-json.ts';
import { RELEASE_PLAN_ACTION_SPECS } from './release-plan-actions.ts';

/** Where a change applies and who applies it. */
export type ActionContext = {
  db: Db;
  project: string;
  environment: string;
  actor: Actor;
  /** Flags the request itself adds an active strategy to: turning them on adds no default (decision record 0029). */
  addsStrategyTo?: ReadonlySet<string>;
};
/** The part of a change the actions need. */
export type ChangeTarget = {
  flagName: string | null;
  segmentId: number | null;
  payload: unknown;
  snapshot: unknown;
};

export type ActionSpec = {
  /** What the direct write needs; drafting the change needs the same. */
  permission: PermissionName;
  /** A project permission that also allows the change where it stays inside the project (a project's own segment). */
  orInProject?: PermissionName;
  /** The state of what the change changes, now. */
  snapshot(context: ActionContext, change: ChangeTarget): Promise<unknown>;
  /** Why the change can no longer apply as reviewed, or undefined. */
  conflict(context: ActionContext, change: ChangeTarget): Promise<string | undefined>;
  /** Applies the change by calling exactly what the direct write's route calls. */
  apply(context: ActionContext, change: ChangeTarget): Promise<void>;
};

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const flagOf = (change: ChangeTarget) => change.flagName!;

/** A strategy as a snapshot shows it: without its position, which reordering changes on its own. */
async function strategySnapshot({ db }: ActionContext, change: ChangeTarget) {
  const { id } = change.payload as { id: string };
  const strategy = await createFlagStrategyStore(db).get(id);
  if (!strategy || strategy.flagName !== change.flagName) return null;
  const { sortOrder: _position, ...rest } = strategyData(strategy);
  return rest;
}

async function strategyConflict(context: ActionContext, change: ChangeTarget) {
  const now = await strategySnapshot(context, change);
  const { id } = change.payload as { id: string };
  if (now === null) return `Strategy "${id}" was deleted after this change was made`;
  if (change.snapshot && !same(now, change.snapshot))
    return `Strategy "${id}" was changed after this change was made`;
  return undefined;
}

const noConflict = async () => undefined;
const nothing = async () => null;

async function dependencies({ db }: ActionContext, change: ChangeTarget) {
  return db.query(
    'SELECT parent AS feature, enabled, variants FROM flag_dependencies WHERE child = $1 ORDER BY parent',
    [flagOf(change)],
  );
}

async function segmentSnapshot({ db }: ActionContext, change: ChangeTarget) {
  const segment = await createSegmentStore(db).get(change.segmentId!);
  if (!segment) return null;
  return {
    id: segment.id,
    name: segment.name,
    description: segment.description,
    project: segment.project,
    constraints: segment.constraints,
  };
}

async function segmentConflict(context: ActionContext, change: ChangeTarget) {
  const now = await segmentSnapshot(context, change);
  if (now === null) return `Segment ${change.segmentId} was deleted after this change was made`;
  if (change.snapshot && !same(now, change.snapshot))
    return `Segment "${now.name}" was changed after this change was made`;
  return undefined;
}

/**
 * Every change action, and the one function each applies it with: the function the direct write's route calls, so
 * a rule, a default or an event is never written twice (decision record 0007).
 */
export const ACTIONS: Record<Action, ActionSpec> = {
  updateEnabled: {
    permission: 'UPDATE_FEATURE_ENVIRONMENT',
    async snapshot({ db, environment }, change) {
      const state = await createFlagEnvironmentStore(db).get(flagOf(change), environment);
      return state ? { enabled: state.enabled } : null;
    },
    conflict: noConflict,
    async apply({ db, project, environment, actor, addsStrategyTo }, change) {
      const { enabled, shouldActivateDisabledStrategies } = change.payload as {
        enabled: boolean;
        shouldActivateDisabledStrategies?: boolean;
      };
      await createFlagEnvironmentService(db).toggle(project, flagOf(change), environment, enabled, actor, {
        activateDisabledStrategies: shouldActivateDisabledStrategies,
        addDefaultStrategy: !addsStrategyTo?.has(flagOf(change)),
      });
    },
  },
  addStrategy: {
    permission: 'CREATE_FEATURE_STRATEGY',
    snapshot: nothing,
    conflict: noConflict,
    async apply({ db, project, environment, actor }, change) {
      await createStrategyService(db).add(
        project,
        flagOf(change),
        environment,
        change.payload as StrategyRequest,
        actor,
      );
    },
  },
  updateStrategy: {
    permission: 'UPDATE_FEATURE_STRATEGY',
    snapshot: strategySnapshot,
    conflict: strategyConflict,
    async apply({ db, project, environment, actor }, change) {
      const { id, ...request } = change.payload as StrategyRequest & { id: string };
      await createStrategyService(db).update(project, flagOf(change), environment, id, request, actor);
    },
  },
  deleteStrategy: {
    permission: 'DELETE_FEATURE_STRATEGY',
    snapshot: strategySnapshot,
    conflict: strategyConflict,
    async apply({ db, project, environment, actor }, change) {
      const { id } = change.payload as { id: string };
      await createStrategyService(db).delete(project, flagOf(change), environment, id, actor);
    },
  },
  reorderStrategy: {
    permission: 'UPDATE_FEATURE_STRATEGY',
    async snapshot({ db, environment }, change) {
      const strategies = await createFlagStrategyStore(db).list(flagOf(change), environment);
      return strategies.map(({ id, sortOrder }) => ({ id, sortOrder }));
    },
    async conflict({ db, environment }, change) {
      const known = new Set(
        (await createFlagStrategyStore(db).list(flagOf(change), environment)).map((s) => s.id),
      );
      const gone = (change.payload as SortOrderEntry[]).find((entry) => !known.has(entry.id));
      return gone ? `Strategy "${gone.id}" was deleted after this change was made` : undefined;
    },
    async apply({ db, project, environment, actor }, change) {
      await createStrategyService(db).setSortOrder(
        project,
        flagOf(change),
        environment,
        change.payload as SortOrderEntry[],
        actor,
      );
    },
  },
  patchVariant: {
    permission: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
    async snapshot({ db, environment }, change) {
      const state = await createFlagEnvironmentStore(db).get(flagOf(change), environment);
      return state ? { variants: state.variants } : null;
    },
    async conflict(context, change) {
      const now = await this.snapshot(context, change);
      return change.snapshot && now && !same(now, change.snapshot)
        ? `The variants of "${flagOf(change)}" were changed after this change was made`
        : undefined;
    },
    async apply({ db, project, environment, actor }, change) {
      const { variants } = change.payload as { variants: VariantInput[] };
      await createVariantService(db).overwrite(project, flagOf(change), environment, variants, actor);
    },
  },
  archiveFeature: {
    permission: 'DELETE_FEATURE',
    snapshot: async () => ({ archived: false }),
    conflict: noConflict,
    async apply({ db, project, actor }, change) {
      await createFlagBulkService(db).archiveOne(project, flagOf(change), actor);
    },
  },
  addDependency: {
    permission: 'UPDATE_FEATURE_DEPENDENCY',
    snapshot: dependencies,
    async conflict({ db }, change) {
      const { feature } = change.payload as { feature: string };
      const parent = await createFlagStore(db).get(feature);
      return !parent || parent.archivedAt ? `Parent flag "${feature}" no longer exists` : undefined;
    },
    async apply({ db, project, actor }, change) {
      const { feature, enabled, variants } = change.payload as {
        feature: string;
        enabled?: boolean;
        variants?: string[];
      };
      await createDependencyService(db).add(
        project,
        flagOf(change),
        { parent: feature, enabled, variants },
        actor,
      );
    },
  },
  deleteDependency: {
    permission: 'UPDATE_FEATURE_DEPENDENCY',
    snapshot: dependencies,
    conflict: noConflict,
    async apply({ db, project, actor }, change) {
      await createDependencyService(db).deleteAll(project, flagOf(change), actor);
    },
  },
  updateSegment: {
    permission: 'UPDATE_SEGMENT',
    orInProject: 'UPDATE_PROJECT_SEGMENT',
    snapshot: segmentSnapshot,
    conflict: segmentConflict,
    async apply({ db, actor }, change) {
      const { id: _id, ...input } = change.payload as SegmentInput & { id?: number };
      await createSegmentService(db).update(change.segmentId!, input, actor);
    },
  },
  deleteSegment: {
    permission: 'DELETE_SEGMENT',
    orInProject: 'UPDATE_PROJECT_SEGMENT',
    snapshot: segmentSnapshot,
    conflict: segmentConflict,
    async apply({ db, actor }, change) {
      await createSegmentService(db).remove(change.segmentId!, actor);
    },
  },
  ...RELEASE_PLAN_ACTION_SPECS,
};

/** Why a flag change cannot apply in this project whatever its action: the flag went away or moved. */
export async function flagConflict(
  { db, project }: ActionContext,
  flagName: string,
): Promise<string | undefined> {
  const flag = await createFlagStore(db).get(flagName);
  if (!flag) return `Flag "${flagName}" does not exist`;
  if (flag.archivedAt) return `Flag "${flagName}" was archived`;
  if (flag.project !== project) return `Flag "${flagName}" moved to ${mentionProject(flag.project)}`;
  return undefined;
}
