import { createSegmentStore } from '../../flag-model/segments/segment-store.ts';
import type { ActionContext, ChangeTarget } from './change-actions.ts';
import type { Action } from './change-request.ts';

/**
 * How far a change reaches from its request's project: `project` stays inside it; `global` touches a global segment
 * or makes a segment global (the root segment permission's business); `outside` names a segment of another project;
 * `moves-out` gives a segment another project; `missing` names no segment there is.
 */
export type Reach = 'project' | 'global' | 'outside' | 'moves-out' | 'missing';

/**
 * The one rule that keeps a change request inside its project (decision record 0026), asked when a change is drafted
 * and again when it applies. Flag changes are held there by their flag: `flagConflict` and the services, which take
 * the project, refuse a flag of another project.
 */
export async function reachOf(
  { db, project }: ActionContext,
  change: ChangeTarget & { action: Action },
): Promise<Reach> {
  if (change.segmentId === null) return 'project';
  const segment = await createSegmentStore(db).get(change.segmentId);
  if (!segment) return 'missing';
  if (segment.project !== null && segment.project !== project) return 'outside';
  const to =
    change.action === 'updateSegment'
      ? ((change.payload as { project?: string | null } | null)?.project ?? null)
      : segment.project;
  if (to !== null && to !== project) return 'moves-out';
  return segment.project === null || to === null ? 'global' : 'project';
}

/** Why an applying change leaves its request's project, or undefined. */
export async function scopeConflict(
  context: ActionContext,
  change: ChangeTarget & { action: Action },
): Promise<string | undefined> {
  const reach = await reachOf(context, change);
  if (reach === 'outside') return `Segment ${change.segmentId} is not in project "${context.project}"`;
  if (reach === 'moves-out') return `Segment ${change.segmentId} would leave project "${context.project}"`;
  return undefined;
}
