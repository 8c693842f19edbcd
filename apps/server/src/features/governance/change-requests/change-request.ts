/** Domain types and the state rules of change requests (decision record 0007). No I/O here. */

export const STATES = [
  'Draft',
  'In review',
  'Approved',
  'Applied',
  'Scheduled',
  'Cancelled',
  'Rejected',
] as const;
export type State = (typeof STATES)[number];

/** States a request can still leave. */
export const OPEN_STATES: readonly State[] = ['Draft', 'In review', 'Approved', 'Scheduled'];
export const isOpen = (state: State): boolean => OPEN_STATES.includes(state);

export const FLAG_ACTIONS = [
  'updateEnabled',
  'addStrategy',
  'updateStrategy',
  'deleteStrategy',
  'reorderStrategy',
  'patchVariant',
  'archiveFeature',
  'addDependency',
  'deleteDependency',
] as const;
/**
 * Changes to the release plan of a flag environment and its safeguards (decision record 0049), with Unleash's names;
 * `pauseMilestoneProgression` is Switchyard's twin of its resume.
 */
export const RELEASE_PLAN_ACTIONS = [
  'addReleasePlan',
  'deleteReleasePlan',
  'startMilestone',
  'changeMilestoneProgression',
  'deleteMilestoneProgression',
  'pauseMilestoneProgression',
  'resumeMilestoneProgression',
  'changeSafeguard',
  'deleteSafeguard',
  'changeFeatureEnvSafeguard',
  'deleteFeatureEnvSafeguard',
] as const;
export const SEGMENT_ACTIONS = ['updateSegment', 'deleteSegment'] as const;
export type FlagAction = (typeof FLAG_ACTIONS)[number];
export type ReleasePlanAction = (typeof RELEASE_PLAN_ACTIONS)[number];
export type SegmentAction = (typeof SEGMENT_ACTIONS)[number];
export type Action = FlagAction | ReleasePlanAction | SegmentAction;
export const isSegmentAction = (action: Action): action is SegmentAction =>
  (SEGMENT_ACTIONS as readonly string[]).includes(action);

export type Person = { id: number | null; name: string };

/** A change as a caller asks for it: an action on a flag, or on a segment, with its payload. */
export type ChangeInput =
  | { target: { flag: string }; action: FlagAction | ReleasePlanAction; payload: unknown }
  | { target: { segment: number }; action: SegmentAction; payload: unknown };

export type Change = {
  id: number;
  action: Action;
  flagName: string | null;
  segmentId: number | null;
  payload: unknown;
  /** What the change changes, as it was when the change was drafted. */
  snapshot: unknown;
  createdBy: Person;
  createdAt: Date;
};

/** What an approval approved: digests of the result and of the state it was computed from (decision record 0029). */
export type ResultDigests = { result: string; base: string };
/** `digests`: null for a rejection, or for an approval older than results (it counts for nothing). */
export type Review = { by: Person; at: Date; digests: ResultDigests | null };
export type Comment = { id: number; text: string; by: Person; at: Date };
export type ScheduleStatus = 'pending' | 'failed' | 'suspended';
export type Schedule = {
  scheduledAt: Date;
  status: ScheduleStatus;
  reason: string | null;
  failureReason: string | null;
};

export type ChangeRequest = {
  id: number;
  project: string;
  environment: string;
  title: string | null;
  state: State;
  minApprovals: number;
  createdBy: Person;
  createdAt: Date;
  stateTimestamps: Partial<Record<State, string>>;
  changes: Change[];
  approvals: Review[];
  rejections: Review[];
  comments: Comment[];
  schedule: Schedule | null;
};

/** The title a request shows until someone gives it one. */
export const defaultTitle = (id: number): string => `Change request #${id}`;

/**
 * Whether `actor` is who `author` names: the same user when either is one, else (an API token, which acts for no
 * user) the same token name, as drafts are found by (change-request-store `findDraft`). A user's name may change;
 * their id does not.
 */
export const isAuthorOf = (author: Person, actor: { userId: number | null; name: string }): boolean =>
  author.id !== null || actor.userId !== null ? author.id === actor.userId : author.name === actor.name;

/** Who asks for a transition, and what they may do where the request applies. */
export type Reviewer = {
  userId: number | null;
  name: string;
  canApprove: boolean;
  canApply: boolean;
  isAdmin: boolean;
};

/** Whether `to` follows `from` at all, whoever asks. Scheduled may be rescheduled (Scheduled again). */
const NEXT: Record<State, readonly State[]> = {
  Draft: ['In review', 'Cancelled'],
  'In review': ['Approved', 'Rejected', 'Cancelled'],
  Approved: ['Applied', 'Scheduled', 'Rejected', 'Cancelled'],
  Scheduled: ['Scheduled', 'Applied', 'Rejected', 'Cancelled'],
  Applied: [],
  Cancelled: [],
  Rejected: [],
};

/**
 * Why `who` may not move `request` to `to`, or undefined when they may. An author never approves their own request,
 * admins included (stricter than Unleash). `approvalsAfter`: how many approvals the request holds counting this one.
 */
export function transitionProblem(
  request: Pick<ChangeRequest, 'state' | 'createdBy' | 'changes' | 'approvals' | 'minApprovals'>,
  to: State,
  who: Reviewer,
): { kind: 'state' | 'permission'; message: string; permission?: string } | undefined {
  if (!NEXT[request.state].includes(to)) {
    return { kind: 'state', message: `A change request in state "${request.state}" cannot become "${to}"` };
  }
  const isAuthor = isAuthorOf(request.createdBy, who);
  switch (to) {
    case 'In review':
      if (!isAuthor) return { kind: 'permission', message: 'Only its author sends a draft to review' };
      if (request.changes.length === 0)
        return { kind: 'state', message: 'A change request without changes cannot be reviewed' };
      return undefined;
    case 'Approved':
    case 'Rejected':
      if (!who.canApprove)
        return {
          kind: 'permission',
          message: `You need the APPROVE_CHANGE_REQUEST permission to ${to === 'Approved' ? 'approve' : 'reject'}`,
          permission: 'APPROVE_CHANGE_REQUEST',
        };
      if (to === 'Approved' && isAuthor)
        return { kind: 'permission', message: 'Nobody approves their own change request, admins included' };
      return undefined;
    case 'Applied':
    case 'Scheduled':
      if (!who.canApply)
        return {
          kind: 'permission',
          message: 'You need the APPLY_CHANGE_REQUEST permission to apply or schedule',
          permission: 'APPLY_CHANGE_REQUEST',
        };
      return undefined;
    case 'Cancelled':
      if (!isAuthor && !who.isAdmin)
        return { kind: 'permission', message: 'Only its author or an admin cancels a change request' };
      return undefined;
    default:
      return undefined;
  }
}

/**
 * What a request says when nobody but its author may approve it: who can change that and how. Owners hold
 * APPROVE_CHANGE_REQUEST (decision record 0030), so giving someone the Owner role is enough.
 */
export const noApproverReason = (request: Pick<ChangeRequest, 'project' | 'environment'>): string =>
  `Nobody but its author may approve change requests in "${request.environment}" of project "${request.project}". ` +
  `An Admin, or an Owner of the project, can give someone the Owner role there, or a custom role with ` +
  `APPROVE_CHANGE_REQUEST in "${request.environment}", in the project's access settings.`;

/** Approvals needed when change requests are turned on: what was asked, kept within 1..10 (1 when not asked). */
export const clampApprovals = (asked: number | null | undefined): number =>
  Math.min(10, Math.max(1, asked ?? 1));

/**
 * How many distinct people approve `resultDigest` once `approver` adds theirs: each person counts once, the author
 * never, and an approval of another result (or one older than results) not at all.
 */
export function approvalsWith(
  request: Pick<ChangeRequest, 'approvals' | 'createdBy'>,
  resultDigest: string,
  approver: number,
): number {
  const people = new Set<number>([approver]);
  for (const approval of request.approvals) {
    if (approval.by.id === null || approval.digests?.result !== resultDigest) continue;
    if (request.createdBy.id !== null && approval.by.id === request.createdBy.id) continue;
    people.add(approval.by.id);
  }
  return people.size;
}

/** Whether approvals reach the required number: the request then becomes Approved. */
export const isFullyApproved = (approvals: number, minApprovals: number): boolean =>
  approvals >= minApprovals;

/** Counts per state, as GET /change-requests/count answers. */
export function countByState(states: readonly State[]) {
  const count = (state: State) => states.filter((s) => s === state).length;
  return {
    total: states.length,
    applied: count('Applied'),
    rejected: count('Rejected'),
    reviewRequired: count('In review'),
    approved: count('Approved'),
    scheduled: count('Scheduled'),
  };
}
