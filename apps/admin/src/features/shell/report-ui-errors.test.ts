import { afterEach, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server.ts';
import { reportUiErrors } from './report-ui-errors.ts';

afterEach(() => vi.unstubAllGlobals());

it('posts uncaught errors and rejections, bounded in size and number', async () => {
  const server = fakeServer({ 'POST /api/admin/record-ui-error': new Response(null, { status: 204 }) });
  const target = new EventTarget();
  reportUiErrors(target as unknown as Window);
  const error = new Error('x'.repeat(5000));
  target.dispatchEvent(Object.assign(new Event('error'), { error }));
  const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('nope') });
  target.dispatchEvent(rejection);
  for (let i = 0; i < 30; i++)
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error(`${i}`) }));
  await vi.waitFor(() => expect(server.sent('POST /api/admin/record-ui-error')).toHaveLength(20));
  const first = await server.sent('POST /api/admin/record-ui-error')[0]!.json();
  expect(first.errorMessage).toHaveLength(1000);
  const second = await server.sent('POST /api/admin/record-ui-error')[1]!.json();
  expect(second.errorMessage).toBe('nope');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(server.sent('POST /api/admin/record-ui-error')).toHaveLength(20);
});
