import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { ProjectFormModal } from './project-form-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('project form', () => {
  it('checks before sending, then shows the server error next to the field it names and keeps the input', async () => {
    const fetch = vi.fn(async (_request: Request) =>
      Response.json(
        {
          name: 'NameExistsError',
          message: 'A project with id "web-shop" already exists',
          details: [{ path: '/body/id', message: 'A project with id "web-shop" already exists' }],
        },
        { status: 409 },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    renderUi(<ProjectFormModal opened onClose={onClose} />);

    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(screen.getByText('A name is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

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
    expect(await fetch.mock.calls[0]![0].json()).toEqual({
      id: 'web-shop',
      name: 'Web Shop',
      defaultStickiness: 'default',
    });
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Web Shop');
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe(
      'Storefront',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
