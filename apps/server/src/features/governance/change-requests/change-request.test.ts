import { describe, expect, it } from 'vitest';
import { isAuthorOf, type Reviewer, type State, STATES, transitionProblem } from './change-request.ts';

const AUTHOR = 1;
const request = (state: State, changes = 1) => ({
  state,
  createdBy: { id: AUTHOR, name: 'author' },
  changes: Array.from({ length: changes }, () => ({}) as never),
  approvals: [],
  minApprovals: 1,
});
const who = (userId: number | null, rights: Partial<Omit<Reviewer, 'userId'>> = {}): Reviewer => ({
  userId,
  name: userId === AUTHOR ? 'author' : `user ${userId}`,
  canApprove: false,
  canApply: false,
  isAdmin: false,
  ...rights,
});
const author = who(AUTHOR, { canApprove: true, canApply: true });
const reviewer = who(2, { canApprove: true, canApply: true });
const bystander = who(3);
const admin = who(4, { canApprove: true, canApply: true, isAdmin: true });
const authorAdmin = who(AUTHOR, { canApprove: true, canApply: true, isAdmin: true });

/** Every transition the states allow, and who may make it; everything else is refused. */
const ALLOWED: Record<string, Reviewer[]> = {
  'Draft → In review': [author, authorAdmin],
  'Draft → Cancelled': [author, admin, authorAdmin],
  'In review → Approved': [reviewer, admin],
  'In review → Rejected': [reviewer, admin, author, authorAdmin],
  'In review → Cancelled': [author, admin, authorAdmin],
  'Approved → Applied': [author, reviewer, admin, authorAdmin],
  'Approved → Scheduled': [author, reviewer, admin, authorAdmin],
  'Approved → Rejected': [reviewer, admin, author, authorAdmin],
  'Approved → Cancelled': [author, admin, authorAdmin],
  'Scheduled → Scheduled': [author, reviewer, admin, authorAdmin],
  'Scheduled → Applied': [author, reviewer, admin, authorAdmin],
  'Scheduled → Rejected': [reviewer, admin, author, authorAdmin],
  'Scheduled → Cancelled': [author, admin, authorAdmin],
};

describe('change request transitions', () => {
  for (const from of STATES) {
    for (const to of STATES) {
      const allowedFor = ALLOWED[`${from} → ${to}`] ?? [];
      it(`${from} → ${to}`, () => {
        for (const caller of [author, reviewer, bystander, admin, authorAdmin]) {
          const problem = transitionProblem(request(from), to, caller);
          expect(problem === undefined, `${JSON.stringify(caller)}: ${problem?.message}`).toBe(
            allowedFor.includes(caller),
          );
        }
      });
    }
  }

  it('never lets authors approve their own request, admins included', () => {
    expect(transitionProblem(request('In review'), 'Approved', authorAdmin)?.message).toMatch(/own/);
  });

  it('names the permission a refused reviewer lacks', () => {
    expect(transitionProblem(request('In review'), 'Approved', bystander)?.permission).toBe(
      'APPROVE_CHANGE_REQUEST',
    );
    expect(transitionProblem(request('Approved'), 'Applied', bystander)?.permission).toBe(
      'APPLY_CHANGE_REQUEST',
    );
  });

  it('knows an API token for the author of its own draft, and only that token', () => {
    const byToken = { ...request('Draft'), createdBy: { id: null, name: 'deploy-bot' } };
    const token = (name: string) => who(null, { name, canApprove: true, canApply: true, isAdmin: true });
    expect(transitionProblem(byToken, 'In review', token('deploy-bot'))).toBeUndefined();
    expect(transitionProblem(byToken, 'In review', token('other-bot'))?.message).toMatch(/Only its author/);
    expect(transitionProblem(byToken, 'In review', who(5, { name: 'deploy-bot' }))?.kind).toBe('permission');
    expect(isAuthorOf({ id: 7, name: 'old name' }, { userId: 7, name: 'new name' })).toBe(true);
    expect(isAuthorOf({ id: 7, name: 'ada' }, { userId: null, name: 'ada' })).toBe(false);
  });

  it('sends no empty request to review', () => {
    expect(transitionProblem(request('Draft', 0), 'In review', author)?.kind).toBe('state');
  });
});
