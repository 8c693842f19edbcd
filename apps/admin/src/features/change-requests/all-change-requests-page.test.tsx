import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { AllChangeRequestsPage } from './all-change-requests-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const SEARCH = 'GET /api/admin/search/change-requests';
const item = (id: number, project: string, state: string) => ({
  id,
  title: `Request ${id}`,
  environment: 'production',
  project,
  state,
  createdBy: { id: 4, username: 'ada' },
  createdAt: '2026-11-26T10:00:00.000Z',
  features: ['checkout'],
  segments: [],
});

function open(search: object | ((request: Request) => Response | object)) {
  const server = fakeServer({
    'GET /api/admin/user': { user: { id: 4 }, permissions: [] },
    [SEARCH]: search,
  });
  renderUi(
    <MemoryRouter initialEntries={['/change-requests']}>
      <Routes>
        <Route path="/change-requests" element={<AllChangeRequestsPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return server;
}
const SLOW = { timeout: 10_000 };
const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

describe('the change requests overview', () => {
  it('lists the open requests the user created across projects, each linking to its review', async () => {
    const server = open({
      changeRequests: [item(9, 'north', 'In review'), item(3, 'south', 'Approved')],
      total: 2,
    });
    // The first answer waits for the session, then the search: on a loaded machine that takes a while.
    const table = await screen.findByRole('table', { name: 'Change requests across projects' }, SLOW);
    expect(queryOf(server.sent(SEARCH)[0]!)).toEqual({
      createdBy: 'IS:4',
      state: 'IS:open',
      offset: '0',
      limit: '25',
    });
    expect(within(table).getByRole('link', { name: 'Request 9' }).getAttribute('href')).toBe(
      '/projects/north/change-requests/9',
    );
    expect(within(table).getByRole('link', { name: 'south' })).toBeTruthy();
    expect(screen.getByText('2 change requests')).toBeTruthy();
  });

  it('asks for the requests the user was asked to approve, in the state chosen', async () => {
    const server = open((request: Request) =>
      queryOf(request).requestedApproverId
        ? { changeRequests: [item(5, 'north', 'Applied')], total: 1 }
        : { changeRequests: [], total: 0 },
    );
    await screen.findByText('You have created no change requests in state “Open”.', {}, SLOW);
    await userEvent.click(screen.getByRole('radio', { name: 'Approval requested from me' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Closed' }));
    await screen.findByRole('link', { name: 'Request 5' });
    expect(queryOf(server.sent(SEARCH).at(-1)!)).toEqual({
      requestedApproverId: 'IS:4',
      state: 'IS:closed',
      offset: '0',
      limit: '25',
    });
  });

  it('says when the server could not answer, and tries again', async () => {
    let calls = 0;
    open(() =>
      ++calls === 1
        ? Response.json({ name: 'InternalError', message: 'The database is unreachable' }, { status: 503 })
        : { changeRequests: [item(1, 'north', 'Draft')], total: 1 },
    );
    const alert = await screen.findByRole('alert', { name: 'Could not load change requests' }, SLOW);
    expect(alert.textContent).toContain('The database is unreachable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Request 1' });
  });
});
