import { createHash } from 'node:crypto';
import type { Db } from '../../../db/db.ts';
import { HttpError } from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createFlagEnvironmentStore } from '../../flag-model/flags/flag-environment-store.ts';
import { createFlagStore } from '../../flag-model/flags/flag-store.ts';
import { createFlagStrategyStore } from '../../flag-model/flags/flag-strategy-store.ts';
import { createSegmentStore } from '../../flag-model/segments/segment-store.ts';
import { markedDryRun } from '../../../db/dry-run.ts';
import {
  createReleasePlanStore,
  createSafeguardService,
  releasePlanState,
  safeguardState,
  type ReleasePlanState,
  type SafeguardState,
} from '../../release/index.ts';
import { canonicalJson } from './canonical-json.ts';
import { applyChanges } from './change-request-apply.ts';
import type { ChangeRequest } from './change-request.ts';

/**
 * What a reviewer approves (decision record 0029): per flag of a request, its state in the request's environment
 * before and after all the changes applied in order, implicit effects (a default strategy) included.
 */

/** A strategy as the result shows it: in its place in the list, without its id (a new one gets a new id each try). */
export type StrategyState = {
  name: string;
  title: string | null;
  disabled: boolean;
  parameters: Record<string, string>;
  constraints: unknown[];
  variants: unknown[];
  segments: number[];
};
/** A flag in one environment; null when the flag does not exist. */
export type FlagState = {
  archived: boolean;
  enabled: boolean;
  strategies: StrategyState[];
  variants: unknown[];
  dependencies: { feature: string; enabled: boolean; variants: string[] }[];
  /** Only when the flag environment has a release plan, so results without one keep their digests. */
  /** `safeguards` only when the plan has some, so results of plans without any keep their digests too. */
  releasePlan?: ReleasePlanState & { safeguards?: SafeguardState[] };
} | null;
export type SegmentState = { name: string; description: string | null; constraints: unknown[] } | null;

type States = { flags: Record<string, FlagState>; segments: Record<string, SegmentState> };

export type FlagResult = { flag: string; environment: string; before: FlagState; after: FlagState };
export type SegmentResult = { segment: number; before: SegmentState; after: SegmentState };
export type RequestResult = {
  flags: FlagResult[];
  segments: SegmentResult[];
  /** Why the changes cannot apply to the current state (then `after` repeats `before`). */
  failure?: string;
  /** Digest of the states after (or of the failure): what an approval approves. */
  resultDigest: string;
  /** Digest of the states before: says whether the current state moved when a result changed. */
  baseDigest: string;
};

async function flagState(db: Db, name: string, environment: string): Promise<FlagState> {
  const flag = await createFlagStore(db).get(name);
  if (!flag) return null;
  const state = await createFlagEnvironmentStore(db).get(name, environment);
  const strategies = await createFlagStrategyStore(db).list(name, environment);
  const dependencies = await db.query<{ feature: string; enabled: boolean; variants: string[] | null }>(
    'SELECT parent AS feature, enabled, variants FROM flag_dependencies WHERE child = $1 ORDER BY parent',
    [name],
  );
  const [plan] = await createReleasePlanStore(db).forFlagEnvironment(name, environment);
  const safeguards = plan ? await createSafeguardService(db).ofPlan(plan.id) : [];
  return {
    archived: flag.archivedAt !== null,
    enabled: state?.enabled ?? false,
    strategies: strategies.map((s) => ({
      name: s.name,
      title: s.title,
      disabled: s.disabled,
      parameters: s.parameters,
      constraints: s.constraints,
      variants: s.variants,
      segments: s.segments,
    })),
    variants: state?.variants ?? [],
    dependencies: dependencies.map((d) => ({ ...d, variants: d.variants ?? [] })),
    ...(plan
      ? {
          releasePlan: {
            ...releasePlanState(plan),
            ...(safeguards.length > 0 && { safeguards: safeguards.map(safeguardState) }),
          },
        }
      : {}),
  };
}

async function segmentState(db: Db, id: number): Promise<SegmentState> {
  const segment = await createSegmentStore(db).get(id);
  return segment
    ? { name: segment.name, description: segment.description, constraints: segment.constraints }
    : null;
}

/** The states of everything the request changes, now. */
export async function statesOf(db: Db, request: ChangeRequest): Promise<States> {
  const states: States = { flags: {}, segments: {} };
  for (const change of request.changes) {
    if (change.flagName !== null && !(change.flagName in states.flags))
      states.flags[change.flagName] = await flagState(db, change.flagName, request.environment);
    if (change.segmentId !== null && !(change.segmentId in states.segments))
      states.segments[change.segmentId] = await segmentState(db, change.segmentId);
  }
  return states;
}

export const digestOf = (value: unknown): string =>
  createHash('sha256').update(canonicalJson(value)).digest('hex');

/** The result from the states before and after (or the failure that stopped the changes). */
export function resultOf(
  request: ChangeRequest,
  before: States,
  after: States | { failure: string },
): RequestResult {
  const failure = 'failure' in after ? after.failure : undefined;
  const end = 'failure' in after ? before : after;
  return {
    flags: Object.keys(before.flags).map((flag) => ({
      flag,
      environment: request.environment,
      before: before.flags[flag]!,
      after: end.flags[flag]!,
    })),
    segments: Object.keys(before.segments).map((id) => ({
      segment: Number(id),
      before: before.segments[id]!,
      after: end.segments[id]!,
    })),
    ...(failure ? { failure } : {}),
    resultDigest: digestOf(failure ? { failure } : end),
    baseDigest: digestOf(before),
  };
}

/** Applies the changes in the caller's transaction (which commits them) and returns the result they produced. */
export async function applyForResult(tx: Db, request: ChangeRequest, actor: Actor): Promise<RequestResult> {
  const before = await statesOf(tx, request);
  await applyChanges(tx, request, actor);
  return resultOf(request, before, await statesOf(tx, request));
}

/**
 * The result of a request against the current state, computed under a savepoint that is always rolled back, so it
 * runs alone or inside the caller's transaction (an approval's). Marked as a dry run (db/dry-run.ts): it records
 * no deliveries or signals and maintenance mode does not stop it.
 */
export async function previewOf(db: Db, request: ChangeRequest, actor: Actor): Promise<RequestResult> {
  return db.transaction((tx) =>
    markedDryRun(async () => {
      await tx.query('SAVEPOINT change_request_preview');
      try {
        const before = await statesOf(tx, request);
        try {
          await applyChanges(tx, request, actor);
        } catch (error) {
          // A refusal of a direct write is part of the result; anything else is a fault of ours.
          if (error instanceof HttpError) return resultOf(request, before, { failure: error.message });
          throw error;
        }
        return resultOf(request, before, await statesOf(tx, request));
      } finally {
        await tx.query('ROLLBACK TO SAVEPOINT change_request_preview');
        await tx.query('RELEASE SAVEPOINT change_request_preview');
      }
    }),
  );
}

/** Why the approvals of a request do not approve `result`, or undefined when enough of them do. */
export function outdatedApproval(
  request: Pick<ChangeRequest, 'approvals' | 'minApprovals'>,
  result: RequestResult,
): string | undefined {
  const current = request.approvals.filter((a) => a.digests?.result === result.resultDigest);
  if (current.length >= request.minApprovals) return undefined;
  const stale = request.approvals.filter((a) => a.digests?.result !== result.resultDigest);
  if (stale.length === 0) return undefined;
  if (result.failure) return `its changes no longer apply to the current state: ${result.failure}`;
  if (stale.some((a) => a.digests === null)) return 'it was approved before approvals recorded the result';
  if (stale.some((a) => a.digests!.base !== result.baseDigest))
    return 'what it changes was changed after it was approved, so its result differs';
  return 'a setting its changes depend on (such as the project’s default strategy) changed after it was approved';
}
