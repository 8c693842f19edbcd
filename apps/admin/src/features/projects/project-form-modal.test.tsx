import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { ProjectFormModal } from './project-form-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const environments = {
  version: 1,
  environments: [
    { name: 'development', type: 'development', enabled: true, sortOrder: 1, protected: false },
    { name: 'production', type: 'production', enabled: true, sortOrder: 2, protected: false },
  ],
};

/** The server: the environments list, and `answer` for everything sent to create the project. */
function serve(answer: () => Response) {
  const fetch = vi.fn(async (request: Request) =>
    request.method === 'GET' && new URL(request.url).pathname === '/api/admin/environments'
      ? Response.json(environments)
      : answer(),
  );
  vi.stubGlobal('fetch', fetch);
  const sent = () => fetch.mock.calls.map((c) => c[0]).filter((r) => r.method === 'POST');
  return { fetch, sent };
}

function renderForm(onClose: () => void) {
  return renderUi(
    <MemoryRouter initialEntries={['/projects']}>
      <Routes>
        <Route path="/projects" element={<ProjectFormModal opened onClose={onClose} />} />
        <Route path="/projects/:projectId" element={<p>project page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('project form', () => {
  it('checks before sending, then shows the server error next to the field it names and keeps the input', async () => {
    const { sent } = serve(() =>
      Response.json(
        {
          name: 'NameExistsError',
          message: 'A project with id "web-shop" already exists',
          details: [{ path: '/body/id', message: 'A project with id "web-shop" already exists' }],
        },
        { status: 409 },
      ),
    );
    const onClose = vi.fn();
    renderForm(onClose);

    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(screen.getByText('A name is required')).toBeTruthy();
    expect(sent()).toEqual([]);

    await screen.findByRole('checkbox', { name: 'production (production)', checked: true });
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Web Shop');
    const id = screen.getByRole('textbox', { name: /^Id/ }) as HTMLInputElement;
    expect(id.value).toBe('web-shop');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Storefront');
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));

    const message = await screen.findByText('A project with id "web-shop" already exists');
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(message.id).toBe(
      id
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((d) => d === message.id),
    );
    expect(await sent()[0]!.json()).toEqual({
      id: 'web-shop',
      name: 'Web Shop',
      description: 'Storefront',
      defaultStickiness: 'default',
      mode: 'open',
      environments: ['development', 'production'],
      changeRequestEnvironments: [],
    });
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Web Shop');
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe(
      'Storefront',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('creates the project with its mode, environments and change requests in one request, then opens it', async () => {
    const { sent } = serve(() => Response.json({ id: 'shop', name: 'Shop' }, { status: 201 }));
    const onClose = vi.fn();
    renderForm(onClose);
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Shop');
    await userEvent.click(screen.getByRole('radio', { name: /^Private/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'development (development)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Change requests in production' }));
    const approvals = screen.getByRole('textbox', { name: 'Required approvals in production' });
    await userEvent.clear(approvals);
    await userEvent.type(approvals, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));

    await screen.findByText('project page');
    expect(onClose).toHaveBeenCalled();
    expect(await sent()[0]!.json()).toEqual({
      id: 'shop',
      name: 'Shop',
      defaultStickiness: 'default',
      mode: 'private',
      environments: ['production'],
      changeRequestEnvironments: [{ name: 'production', requiredApprovals: 2 }],
    });
  });
});
