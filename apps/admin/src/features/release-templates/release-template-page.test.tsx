import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { ReleaseTemplatePage } from './release-template-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const renderAt = (path: string) =>
  renderUi(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/release-templates/:templateId" element={<ReleaseTemplatePage />} />
        <Route path="/release-templates" element={<p>the list</p>} />
      </Routes>
    </MemoryRouter>,
  );

describe('the release template editor', () => {
  it('creates a template from the usual three milestones, with a wait after the first', async () => {
    const server = fakeServer({
      'GET /api/admin/user': {
        user: { id: 1 },
        permissions: [{ permission: 'RELEASE_PLAN_TEMPLATE_CREATE' }],
      },
      'POST /api/admin/release-plan-templates': async (request: Request) => ({
        ...((await request.json()) as object),
        id: 't1',
      }),
    });
    renderAt('/release-templates/new');
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Gradual');
    const first = screen.getByRole('region', { name: 'Milestone 1' });
    await userEvent.type(within(first).getByLabelText(/^Next milestone starts after/), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('the list')).toBeTruthy();
    const [sent] = server.sent('POST /api/admin/release-plan-templates');
    const body = await sent!.json();
    expect(body.name).toBe('Gradual');
    expect(body.milestones.map((m: { name: string }) => m.name)).toEqual(['Ten percent', 'Half', 'Everyone']);
    expect(body.milestones[0].transitionCondition).toEqual({ intervalMinutes: 30 });
    expect(body.milestones[0].strategies[0]).toMatchObject({
      name: 'flexibleRollout',
      parameters: { rollout: '10' },
    });
  });

  it('checks before sending, and shows what the server refuses beside the field it names', async () => {
    const server = fakeServer({
      'GET /api/admin/user': { user: { id: 1 }, permissions: [{ permission: 'ADMIN' }] },
      'POST /api/admin/release-plan-templates': Response.json(
        {
          name: 'ConflictError',
          message: 'a release template named "Gradual" already exists',
          details: [{ path: '/body/name', message: 'a release template named "Gradual" already exists' }],
        },
        { status: 409 },
      ),
    });
    renderAt('/release-templates/new');
    await userEvent.click(await screen.findByRole('button', { name: 'Create template' }));
    expect(screen.getByText('A template needs a name')).toBeTruthy();
    expect(server.sent('POST /api/admin/release-plan-templates')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/^Name/), 'Gradual');
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove milestone' })[2]!);
    await userEvent.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('a release template named "Gradual" already exists')).toBeTruthy();
    expect(screen.getAllByRole('region', { name: /^Milestone \d$/ })).toHaveLength(2);
  });

  it('shows a template read-only to someone who may not change it', async () => {
    fakeServer({
      'GET /api/admin/user': { user: { id: 1 }, permissions: [{ permission: 'READ' }] },
      'GET /api/admin/release-plan-templates/t1': {
        id: 't1',
        discriminator: 'template',
        name: 'Gradual',
        description: null,
        createdByUserId: 1,
        createdAt: '2026-01-15T10:00:00.000Z',
        archivedAt: null,
        milestones: [
          {
            id: 'm1',
            name: 'Everyone',
            sortOrder: 0,
            releasePlanDefinitionId: 't1',
            transitionCondition: null,
            strategies: [],
          },
        ],
      },
    });
    renderAt('/release-templates/t1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gradual' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/You may read this template/)).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Save template' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add milestone' })).toBeNull();
    expect(screen.getByLabelText(/^Milestone name/)).toHaveProperty('readOnly', true);
  });
});
