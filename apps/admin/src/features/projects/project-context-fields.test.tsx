import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { renderUi } from '../../testing/render.tsx';
import { ProjectContextFields } from './project-context-fields.tsx';

describe('ProjectContextFields', () => {
  it("lists the project's own fields, adds one and shows the server's refusal next to the name", async () => {
    const fields = [{ name: 'tenant', description: 'Customer tenant', stickiness: false, legalValues: [] }];
    const server = fakeServer({
      'GET /api/admin/projects/web/context': () => fields,
      'POST /api/admin/projects/web/context': async (request: Request) => {
        const body = (await request.json()) as { name: string; description: string };
        if (body.name === 'tenant')
          return Response.json(
            {
              name: 'ConflictError',
              message: 'context field "tenant" already exists',
              details: [{ path: '/body/name', message: 'context field "tenant" already exists' }],
            },
            { status: 409 },
          );
        fields.push({ ...body, stickiness: false, legalValues: [] });
        return Response.json(body, { status: 201 });
      },
    });
    renderUi(<ProjectContextFields projectId="web" canEdit />);
    expect(await screen.findByText('tenant')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: 'New field name' }), 'tenant');
    await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText('context field "tenant" already exists')).toBeTruthy();

    await userEvent.clear(screen.getByRole('textbox', { name: 'New field name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New field name' }), 'region');
    await userEvent.type(screen.getByRole('textbox', { name: 'Field description' }), 'Sales region');
    await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText('region')).toBeTruthy();
    expect(await server.sent('POST /api/admin/projects/web/context')[1]!.json()).toEqual({
      name: 'region',
      description: 'Sales region',
    });
  });

  it("edits a field's description and legal values through the project's own operation", async () => {
    const fields = [{ name: 'tenant', description: 'Customer tenant', stickiness: false, legalValues: [] }];
    const server = fakeServer({
      'GET /api/admin/projects/web/context': () => fields,
      'GET /api/admin/context': [],
      'PUT /api/admin/projects/web/context/tenant': async (request: Request) => {
        Object.assign(fields[0]!, await request.json());
        return new Response(null, { status: 200 });
      },
    });
    renderUi(<ProjectContextFields projectId="web" canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tenant' });
    // Mantine's TagsInput labels its hidden form value too; type into the visible box.
    const [values] = within(dialog)
      .getAllByLabelText('Legal values')
      .filter((element) => element instanceof HTMLInputElement && element.type !== 'hidden');
    await userEvent.type(values!, 'acme{enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('acme')).toBeTruthy();
    expect(await server.sent('PUT /api/admin/projects/web/context/tenant')[0]!.json()).toMatchObject({
      name: 'tenant',
      description: 'Customer tenant',
      legalValues: [{ value: 'acme' }],
    });
  });

  it('offers no changes to a reader without the permission', async () => {
    fakeServer({ 'GET /api/admin/projects/web/context': [] });
    renderUi(<ProjectContextFields projectId="web" canEdit={false} />);
    expect(await screen.findByText('This project has no context fields of its own.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add field' })).toBeNull();
  });
});
