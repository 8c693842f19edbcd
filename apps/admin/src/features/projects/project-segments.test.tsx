import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { ProjectSegments } from './project-segments.tsx';

const segment = (id: number, name: string, project: string | null) => ({
  id,
  name,
  description: '',
  project,
  constraints: [
    { contextName: 'region', operator: 'IN', values: ['eu'], inverted: false, caseInsensitive: false },
  ],
  usedInFeatures: 0,
  usedInProjects: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('ProjectSegments', () => {
  it("lists only the project's own segments and creates a new one in the project", async () => {
    const segments = [
      segment(1, 'web-regulars', 'web'),
      segment(2, 'everyone-eu', null),
      segment(3, 'shop-vip', 'shop'),
    ];
    const server = fakeServer({
      'GET /api/admin/segments': () => ({ segments }),
      'GET /api/admin/context': [{ name: 'region', description: '', stickiness: false, legalValues: [] }],
      'POST /api/admin/segments/validate': new Response(null, { status: 204 }),
      'POST /api/admin/segments': async (request: Request) => {
        const body = (await request.json()) as { name: string; project: string };
        segments.push(segment(4, body.name, body.project));
        return Response.json(segments.at(-1), { status: 201 });
      },
    });
    renderUi(<ProjectSegments projectId="web" canEdit />);
    expect(await screen.findByText('web-regulars')).toBeTruthy();
    expect(screen.getByText(/^region .*eu$/)).toBeTruthy();
    expect(screen.queryByText('everyone-eu')).toBeNull();
    expect(screen.queryByText('shop-vip')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'New project segment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New segment in web' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'web-beta');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create segment' }));
    expect(await screen.findByText('web-beta')).toBeTruthy();
    expect(await server.sent('POST /api/admin/segments')[0]!.json()).toMatchObject({
      name: 'web-beta',
      project: 'web',
      constraints: [],
    });
  });

  it('offers no changes without the permission', async () => {
    fakeServer({ 'GET /api/admin/segments': { segments: [segment(1, 'web-regulars', 'web')] } });
    renderUi(<ProjectSegments projectId="web" canEdit={false} />);
    expect(await screen.findByText('web-regulars')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New project segment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit segment web-regulars' })).toBeNull();
  });
});
