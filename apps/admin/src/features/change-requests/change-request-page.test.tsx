import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { ChangeRequestPage } from './change-request-page.tsx';
import type { ChangeRequest } from './change-request-types.ts';

afterEach(() => vi.unstubAllGlobals());

const P = '/api/admin/projects/team/change-requests';
const request = (patch: Partial<ChangeRequest> = {}): ChangeRequest => ({
  id: 7,
  title: 'Launch checkout',
  environment: 'production',
  project: 'team',
  state: 'In review',
  minApprovals: 1,
  createdAt: '2026-11-26T10:00:00.000Z',
  createdBy: { id: 1, username: 'ada' },
  features: [
    {
      name: 'checkout',
      changes: [
        {
          id: 1,
          action: 'updateEnabled',
          payload: { enabled: true },
          snapshot: { enabled: false },
          createdBy: { username: 'ada' },
          createdAt: '2026-11-26T10:00:00.000Z',
        },
        {
          id: 2,
          action: 'addStrategy',
          payload: { name: 'flexibleRollout', parameters: { rollout: '25' }, constraints: [] },
          createdBy: { username: 'ada' },
          createdAt: '2026-11-26T10:00:00.000Z',
        },
      ],
    },
  ],
  segments: [],
  approvals: [],
  rejections: [],
  stateTimestamps: {},
  comments: [
    { id: 1, text: 'Ready when you are', createdBy: { username: 'ada' }, createdAt: '2026-11-26T10:01:00Z' },
  ],
  ...patch,
});

function open(
  me: { id: number; permissions: object[] },
  answer: ChangeRequest,
  routes: Record<string, object> = {},
) {
  const server = fakeServer({
    ...routes,
    'GET /api/admin/user': { user: { id: me.id }, permissions: me.permissions },
    [`GET ${P}/7`]: answer,
    [`PUT ${P}/7/state`]: async (r: Request) => ({
      ...answer,
      state: ((await r.json()) as { state: string }).state,
    }),
    [`POST ${P}/7/comments`]: new Response(null, { status: 204 }),
    'GET /api/admin/context': [],
  });
  renderUi(
    <MemoryRouter initialEntries={['/projects/team/change-requests/7']}>
      <Routes>
        <Route path="/projects/:projectId/change-requests/:id" element={<ChangeRequestPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return server;
}

const approver = {
  id: 2,
  permissions: [
    { permission: 'APPROVE_CHANGE_REQUEST', project: 'team', environment: 'production' },
    { permission: 'APPLY_CHANGE_REQUEST', project: 'team', environment: 'production' },
  ],
};

const strategy = (rollout: string) => ({
  name: 'flexibleRollout',
  title: null,
  disabled: false,
  parameters: { rollout, stickiness: 'default', groupId: 'checkout' },
  constraints: [],
  variants: [],
  segments: [],
});
const state = (enabled: boolean, strategies: ReturnType<typeof strategy>[]) => ({
  archived: false,
  enabled,
  strategies,
  variants: [],
  dependencies: [],
});

describe('the review page', () => {
  it('shows the result per flag, before and after, and an approval that no longer matches it', async () => {
    const answer = request({
      state: 'Approved',
      approvalOutdated: 'what it changes was changed after it was approved',
    });
    answer.features[0]!.result = {
      environment: 'production',
      before: state(false, []),
      after: state(true, [strategy('25')]),
    };
    open(approver, answer);
    const result = await screen.findByRole('article', { name: 'Result for checkout' });
    const before = within(result).getByLabelText('Before');
    const after = within(result).getByLabelText('After');
    expect(within(before).getByText('Off')).toBeTruthy();
    expect(within(before).getByText('No strategies')).toBeTruthy();
    expect(within(after).getByText('On')).toBeTruthy();
    expect(within(after).getByText('flexibleRollout · 25%')).toBeTruthy();
    expect(screen.getByText(/Its approval does not count: what it changes was changed/)).toBeTruthy();
  });

  it('shows each change as a before and after, and lets another approver approve', async () => {
    const server = open(approver, request());
    const toggle = await screen.findByRole('table', { name: 'Turn on: before and after' });
    const row = within(toggle).getByRole('row', { name: /Enabled/ });
    expect(row.textContent).toContain('off');
    expect(row.textContent).toContain('on');
    const added = screen.getByRole('table', { name: 'Add strategy flexibleRollout: before and after' });
    expect(within(added).getByRole('row', { name: /Parameter rollout/ }).textContent).toContain('25');
    expect(screen.getByText('Ready when you are')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply changes' })).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.sent(`PUT ${P}/7/state`)).toHaveLength(1));
    expect(await server.sent(`PUT ${P}/7/state`)[0]!.json()).toEqual({ state: 'Approved' });
  });

  it('never offers the author an approval, even with the permission', async () => {
    open({ ...approver, id: 1 }, request());
    await screen.findByRole('button', { name: 'Cancel request' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByText('You wrote this request, so someone else approves it.')).toBeTruthy();
  });

  it('tells a lone author why nobody can approve, and links to where that changes', async () => {
    open(
      { id: 1, permissions: [] },
      request({ approvers: [], approversProblem: 'Nobody but its author may approve.' }),
      {
        [`GET ${P}/approvers`]: {
          environments: [],
          grantors: [
            { id: 1, email: 'ada@example.com', username: 'ada' },
            { id: 3, email: 'olga@example.com', username: 'olga', name: 'Olga Owner' },
          ],
        },
      },
    );
    const alert = await screen.findByRole('alert', { name: /Nobody can approve/ });
    expect(alert.textContent).toContain('Nobody but its author may approve.');
    await within(alert).findByText('Who can give that permission in team: you and Olga Owner.');
    expect(
      within(alert).getByRole('link', { name: "Open the project's access settings" }).getAttribute('href'),
    ).toBe('/projects/team/access');
  });

  it('offers as reviewers those who may approve, never the author', async () => {
    const person = (id: number, username: string) => ({ id, email: `${username}@example.com`, username });
    open({ id: 1, permissions: [] }, request(), {
      [`GET ${P}/7/approvers`]: { reviewers: [] },
      [`GET ${P}/available-reviewers/production`]: { reviewers: [person(1, 'ada'), person(2, 'olga')] },
    });
    await userEvent.click((await screen.findAllByLabelText('Ask for a review'))[0]!);
    expect(await screen.findByRole('option', { name: /olga/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /ada/ })).toBeNull();
  });

  it('shows a conflict and keeps the request from being applied', async () => {
    const conflicted = request({
      state: 'Approved',
      approvals: [{ createdBy: { id: 2, username: 'bob' }, createdAt: '' }],
    });
    conflicted.features[0]!.changes[1]!.conflict = 'Strategy "s1" was deleted after this change was made';
    open(approver, conflicted);
    const alert = await screen.findByRole('alert', { name: /Conflicts/ });
    expect(alert.textContent).toContain('was deleted');
    expect(
      ((await screen.findByRole('button', { name: 'Apply changes' })) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('adds a comment', async () => {
    const server = open(approver, request());
    await userEvent.type(await screen.findByLabelText('Add a comment'), 'Looks good');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(server.sent(`POST ${P}/7/comments`)).toHaveLength(1));
    expect(await server.sent(`POST ${P}/7/comments`)[0]!.json()).toEqual({ text: 'Looks good' });
  });
});
