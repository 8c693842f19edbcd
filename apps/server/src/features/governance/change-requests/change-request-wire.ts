import type { Db } from '../../../db/db.ts';
import { type HttpError } from '../../../http/errors.ts';
import { BadDataError } from '../../../http/errors.ts';
import { conflictsOf } from './change-request-apply.ts';
import {
  type Change,
  type ChangeInput,
  type ChangeRequest,
  defaultTitle,
  isOpen,
  isSegmentAction,
  noApproverReason,
  type Person,
} from './change-request.ts';
import { createChangeRequestReadModel } from './change-request-read-model.ts';
import type { ChangeBody } from './change-request-schemas.ts';
import { PAYLOADS } from './change-request-schemas.ts';
import { Value } from 'typebox/value';
import type { Action } from './change-request.ts';
import { type FlagResult, outdatedApproval, previewOf } from './change-request-result.ts';

const who = (person: Person) => ({ id: person.id, username: person.name, imageUrl: null });

/** A person who may review, as the reviewer lists answer. */
export const toReviewer = (user: {
  id: number;
  email: string | null;
  username: string | null;
  name: string | null;
}) => ({
  id: user.id,
  email: user.email ?? '',
  username: user.username,
  name: user.name,
  imageUrl: null,
});

const toChange = (change: Change, conflict: string | undefined) => ({
  id: change.id,
  action: change.action,
  ...(change.payload === null ? {} : { payload: change.payload }),
  ...(change.snapshot === null ? {} : { snapshot: change.snapshot }),
  ...(conflict ? { conflict } : {}),
  createdBy: who(change.createdBy),
  createdAt: change.createdAt.toISOString(),
});

/**
 * Unleash's `defaultChange`: the strategy that turning the flag on adds by itself (the project's default), when the
 * result shows one that no change of the request adds.
 */
function defaultChangeOf(request: ChangeRequest, result: FlagResult | undefined) {
  const changes = request.changes.filter((c) => c.flagName === result?.flag);
  const enables = changes.some(
    (c) => c.action === 'updateEnabled' && (c.payload as { enabled?: boolean }).enabled === true,
  );
  if (!result?.before || !result.after || !enables) return undefined;
  const added = changes.filter((c) => c.action === 'addStrategy').length;
  const known = new Set(result.before.strategies.map((s) => JSON.stringify(s)));
  const fresh = result.after.strategies.filter((s) => !known.has(JSON.stringify(s)));
  return fresh.length > added ? { action: 'addStrategy', payload: fresh[fresh.length - 1] } : undefined;
}

/**
 * A request on the wire; conflicts are computed for open requests only (closed ones changed nothing more). With
 * `result`, also what applying it would produce now and whether its approvals still approve that (decision record
 * 0029): one rolled-back try, so lists leave it out.
 */
export async function toChangeRequestResponse(
  db: Db,
  request: ChangeRequest,
  options: { result?: boolean } = {},
) {
  const open = isOpen(request.state);
  const conflicts = open ? await conflictsOf(db, request) : new Map<number, string>();
  const result =
    options.result && open && request.changes.length > 0
      ? await previewOf(db, request, { name: request.createdBy.name, userId: null })
      : undefined;
  const outdated = result && outdatedApproval(request, result);
  // Who could approve it: everyone who may approve there but its author, who never approves their own.
  const approvers =
    options.result && open
      ? (
          await createChangeRequestReadModel(db).availableReviewers(request.project, request.environment)
        ).filter((user) => user.id !== request.createdBy.id)
      : undefined;
  const segmentIds = [
    ...new Set(request.changes.flatMap((c) => (c.segmentId === null ? [] : [c.segmentId]))),
  ];
  const names = new Map(
    (
      await db.query<{ id: number; name: string }>('SELECT id, name FROM segments WHERE id = ANY($1)', [
        segmentIds,
      ])
    ).map((row) => [row.id, row.name]),
  );
  const features = new Map<string, ReturnType<typeof toChange>[]>();
  for (const change of request.changes) {
    if (change.flagName === null) continue;
    const list = features.get(change.flagName) ?? [];
    list.push(toChange(change, conflicts.get(change.id)));
    features.set(change.flagName, list);
  }
  return {
    id: request.id,
    title: request.title ?? defaultTitle(request.id),
    environment: request.environment,
    project: request.project,
    state: request.state,
    minApprovals: request.minApprovals,
    createdBy: who(request.createdBy),
    createdAt: request.createdAt.toISOString(),
    stateTimestamps: request.stateTimestamps as Record<string, string>,
    features: [...features].map(([name, changes]) => {
      const conflict = changes.find((change) => change.conflict)?.conflict;
      const flagResult = result?.flags.find((f) => f.flag === name);
      const defaultChange = defaultChangeOf(request, flagResult);
      return {
        name,
        ...(conflict ? { conflict } : {}),
        changes,
        ...(defaultChange ? { defaultChange } : {}),
        ...(flagResult
          ? {
              result: {
                environment: flagResult.environment,
                before: flagResult.before,
                after: flagResult.after,
              },
            }
          : {}),
      };
    }),
    ...(result?.failure ? { resultProblem: result.failure } : {}),
    ...(outdated ? { approvalOutdated: outdated } : {}),
    ...(approvers ? { approvers: approvers.map(toReviewer) } : {}),
    ...(approvers?.length === 0 ? { approversProblem: noApproverReason(request) } : {}),
    segments: request.changes
      .filter((change) => change.segmentId !== null)
      .map((change) => ({
        ...toChange(change, conflicts.get(change.id)),
        name:
          names.get(change.segmentId!) ??
          (change.snapshot as { name?: string } | null)?.name ??
          `segment ${change.segmentId}`,
      })),
    approvals: request.approvals.map((a) => ({ createdBy: who(a.by), createdAt: a.at.toISOString() })),
    rejections: request.rejections.map((r) => ({ createdBy: who(r.by), createdAt: r.at.toISOString() })),
    comments: request.comments.map((c) => ({
      id: c.id,
      text: c.text,
      createdBy: who(c.by),
      createdAt: c.at.toISOString(),
    })),
    ...(request.schedule
      ? {
          schedule: {
            scheduledAt: request.schedule.scheduledAt.toISOString(),
            status: request.schedule.status,
            ...(request.schedule.reason ? { reason: request.schedule.reason } : {}),
            ...(request.schedule.failureReason ? { failureReason: request.schedule.failureReason } : {}),
          },
        }
      : {}),
  };
}

/** A change from the wire: the payload checked against its action's schema, the target named. */
export function toChangeInput(body: ChangeBody, path: string): ChangeInput {
  const action = body.action as Action;
  const schema = PAYLOADS[action];
  if (schema && !Value.Check(schema, body.payload)) {
    const details = [...Value.Errors(schema, body.payload)]
      .filter((error) => error.keyword !== 'boolean')
      .map((error) => ({
        message: `${action} payload${error.instancePath ? ` "${error.instancePath.slice(1)}"` : ''} ${error.message}`,
        path: `${path}/payload${error.instancePath}`,
      }));
    throw new BadDataError(`Request validation failed: ${details.map((d) => d.message).join('; ')}`, details);
  }
  if (isSegmentAction(action)) {
    if (body.feature !== undefined) {
      throw BadDataError.field(`${path}/feature`, `a ${action} change names no flag`);
    }
    return {
      target: { segment: (body.payload as { id: number }).id },
      action,
      payload: body.payload ?? null,
    };
  }
  if (body.feature === undefined)
    throw BadDataError.field(`${path}/feature`, `a ${action} change names its flag`);
  return { target: { flag: body.feature }, action, payload: schema ? body.payload : null };
}

/** A field error raised while trying change `index` of a request body, located in that body. */
export function locate(error: HttpError, path: string): HttpError {
  if (!(error instanceof BadDataError)) return error;
  const details = error.details.map((detail) => ({
    ...detail,
    ...(detail.path ? { path: detail.path.replace(/^\/body/, `${path}/payload`) } : {}),
  }));
  return new BadDataError(error.message, details);
}
