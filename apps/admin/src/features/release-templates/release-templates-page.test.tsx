import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReleaseTemplate } from '../../api/wire.ts';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { ReleaseTemplatesPage } from './release-templates-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const template: ReleaseTemplate = {
  id: '01JTEMPLATE',
  discriminator: 'template',
  name: 'Gradual rollout',
  description: 'Ten, half, all',
  createdByUserId: 1,
  createdAt: '2026-01-15T10:00:00.000Z',
  archivedAt: null,
  milestones: ['Ten percent', 'Half', 'Everyone'].map((name, sortOrder) => ({
    id: `m${sortOrder}`,
    name,
    sortOrder,
    releasePlanDefinitionId: '01JTEMPLATE',
    transitionCondition: sortOrder === 0 ? { intervalMinutes: 120 } : null,
    strategies: [],
  })),
};

function serve(permissions: { permission: string }[], templates: object = [template]) {
  return fakeServer({
    'GET /api/admin/user': { user: { id: 2 }, permissions },
    'GET /api/admin/release-plan-templates': templates,
    [`DELETE /api/admin/release-plan-templates/${template.id}`]: new Response(null, { status: 200 }),
  });
}

const renderPage = () =>
  renderUi(
    <MemoryRouter>
      <ReleaseTemplatesPage />
    </MemoryRouter>,
  );

describe('the release templates screen', () => {
  it('lists each template with its milestones in order and the waits between them', async () => {
    serve([{ permission: 'READ' }]);
    renderPage();
    const row = (await screen.findByRole('link', { name: 'Gradual rollout' })).closest('tr')!;
    expect(within(row).getByText('Ten percent → (2 h) → Half → Everyone')).toBeTruthy();
    expect(within(row).getByText('Ten, half, all')).toBeTruthy();
  });

  it('offers a reader no new, archive or delete', async () => {
    serve([{ permission: 'READ' }]);
    renderPage();
    await screen.findByRole('link', { name: 'Gradual rollout' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'New release template' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archive Gradual rollout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Gradual rollout' })).toBeNull();
  });

  it('offers each action to whoever holds its permission, and deletes after asking', async () => {
    const server = serve([{ permission: 'RELEASE_PLAN_TEMPLATE_DELETE' }]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Gradual rollout' }));
    expect(screen.queryByRole('button', { name: 'Archive Gradual rollout' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New release template' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete template' }));
    await waitFor(() =>
      expect(server.sent(`DELETE /api/admin/release-plan-templates/${template.id}`)).toHaveLength(1),
    );
  });

  it('shows loading, then the server’s refusal with a way to try again', async () => {
    serve([{ permission: 'ADMIN' }], () =>
      Response.json({ name: 'InternalError', message: 'the database is away' }, { status: 503 }),
    );
    renderPage();
    expect(screen.getByText('Loading release templates…')).toBeTruthy();
    expect(await screen.findByText('the database is away')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
