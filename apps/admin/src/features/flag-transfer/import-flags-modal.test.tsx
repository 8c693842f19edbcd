import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { ImportFlagsModal } from './import-flags-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const exported = {
  features: [{ name: 'checkout', type: 'release' }],
  featureStrategies: [{ name: 'default', featureName: 'checkout' }],
};
const paste = (text: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: 'Or paste the export' }), { target: { value: text } });

describe('import flags', () => {
  it('imports only after a clean check of exactly this file and environment', async () => {
    const reports = [
      {
        errors: [{ message: 'These flags belong to another project:', affectedItems: ['checkout'] }],
        warnings: [],
        permissions: [],
      },
      {
        errors: [],
        warnings: [{ message: 'These flags will be overwritten:', affectedItems: ['checkout'] }],
        permissions: [],
      },
    ];
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        calls.push({ url: new URL(request.url).pathname, body: await request.json() });
        if (request.url.endsWith('/validate')) return Response.json(reports.shift());
        return new Response(null, { status: 200 });
      }),
    );
    const onClose = vi.fn();
    renderUi(
      <ImportFlagsModal projectId="shop" environments={['development', 'production']} onClose={onClose} />,
    );
    const importButton = () => screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;

    paste('{"features": [');
    expect(screen.getByText(/^This is not JSON/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Check' }) as HTMLButtonElement).disabled).toBe(true);

    paste(JSON.stringify(exported));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('region', { name: 'Errors' })).toBeTruthy();
    expect(screen.getByText(/another project: checkout/)).toBeTruthy();
    expect(importButton().disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('region', { name: 'Warnings' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Ready: 1 flag will be imported into development.');
    expect(importButton().disabled).toBe(false);

    // Changing the file after the check asks for a new check.
    paste(JSON.stringify({ ...exported, features: [...exported.features, { name: 'search' }] }));
    expect(importButton().disabled).toBe(true);
    paste(JSON.stringify(exported));
    expect(importButton().disabled).toBe(false);

    await userEvent.click(importButton());
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/features-batch/validate',
      '/api/admin/features-batch/validate',
      '/api/admin/features-batch/import',
    ]);
    expect(calls[2]!.body).toEqual({ project: 'shop', environment: 'development', data: exported });
  });

  it('shows what the server refused and keeps the modal open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            name: 'BadDataError',
            message: 'The request is invalid',
            details: [{ path: '/body/data/features/0/name', message: '"name" must not be empty' }],
          },
          { status: 400 },
        ),
      ),
    );
    const onClose = vi.fn();
    renderUi(<ImportFlagsModal projectId="shop" environments={['development']} onClose={onClose} />);
    paste(JSON.stringify(exported));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('"name" must not be empty');
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });
});
