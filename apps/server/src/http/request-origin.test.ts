import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEventStore } from '../features/flag-model/events/event-store.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
}, 300_000);
afterAll(() => t.close());

type Listed = { events: { type: string; featureName: string | null; ip: string | null }[] };
const eventsOf = async (flag: string) =>
  (await t.admin({ method: 'GET', url: `/api/admin/events/${flag}` })).json<Listed>().events;

it("records the address of the caller whose request made the change on the change's event", async () => {
  const created = await t.admin({
    method: 'POST',
    url: '/api/admin/projects/default/features',
    headers: { 'x-forwarded-for': '198.51.100.23' },
    payload: { name: 'origin-flag' },
  });
  expect(created.statusCode).toBe(201);
  const archived = await t.admin({
    method: 'DELETE',
    url: '/api/admin/projects/default/features/origin-flag',
    headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.2' },
  });
  expect(archived.statusCode).toBe(202);
  const events = await eventsOf('origin-flag');
  expect(events.find((e) => e.type === 'feature-created')?.ip).toBe('198.51.100.23');
  expect(events.find((e) => e.type === 'feature-archived')?.ip).toBe('203.0.113.9');
});

it('records no address for a change made outside a request', async () => {
  await createEventStore(t.db).append({
    type: 'feature-created',
    createdBy: 'scheduler',
    flagName: 'origin-none',
  });
  expect(await eventsOf('origin-none')).toMatchObject([{ type: 'feature-created', ip: null }]);
});
