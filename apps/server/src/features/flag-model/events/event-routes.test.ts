import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createEventStore } from './event-store.ts';

let t: TestApp;
let editorId: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.as('Editor');
  editorId = (await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'test-editor'"))[0]!.id;
  const events = createEventStore(t.db);
  await events.append({
    type: 'feature-created',
    createdBy: 'alice',
    project: 'ev-alpha',
    flagName: 'ev-one',
    data: { name: 'ev-one' },
  });
  await events.append({
    type: 'feature-updated',
    createdBy: 'test-editor',
    createdByUserId: editorId,
    project: 'ev-alpha',
    flagName: 'ev-one',
    environment: 'development',
    data: { name: 'ev-one', description: 'needle in the data' },
    preData: { name: 'ev-one', description: null },
    tags: [{ type: 'simple', value: 'checkout' }],
  });
  await events.append({ type: 'feature-created', createdBy: 'bob', project: 'ev-beta', flagName: 'ev-two' });
  await events.append({ type: 'project-updated', createdBy: 'bob', project: 'ev-beta' });
});
afterAll(() => t.close());

const countEvents = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0]!.n;

describe('the event log', () => {
  it('is append-only: UPDATE and DELETE on events fail in the database itself', async () => {
    const before = await t.db.query('SELECT * FROM events ORDER BY id');
    await expect(t.db.query("UPDATE events SET created_by = 'mallory'")).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM events')).rejects.toThrow(/append-only/);
    await expect(t.db.query("UPDATE events SET data = '{}' WHERE feature_name = 'ev-one'")).rejects.toThrow(
      /append-only/,
    );
    expect(await t.db.query('SELECT * FROM events ORDER BY id')).toEqual(before);
  });
});

describe('GET /api/admin/events (getEvents)', () => {
  it('lists the newest events first in the Unleash shape, optionally for one project', async () => {
    const all = await t.admin({ method: 'GET', url: '/api/admin/events' });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.version).toBe(1);
    expect(body.totalEvents).toBe(await countEvents());
    const ids = body.events.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const alpha = (await t.admin({ method: 'GET', url: '/api/admin/events?project=ev-alpha' })).json();
    expect(alpha.totalEvents).toBe(2);
    expect(alpha.events[0]).toEqual({
      id: expect.any(Number),
      type: 'feature-updated',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      createdBy: 'test-editor',
      createdByUserId: editorId,
      environment: 'development',
      project: 'ev-alpha',
      featureName: 'ev-one',
      data: { name: 'ev-one', description: 'needle in the data' },
      preData: { name: 'ev-one', description: null },
      tags: [{ type: 'simple', value: 'checkout' }],
      ip: null,
    });
    expect(alpha.events[1]).toMatchObject({ type: 'feature-created', preData: null, createdByUserId: null });
  });

  it('is readable by viewers but not anonymously or with a client token', async () => {
    const viewer = await t.as('Viewer');
    expect((await viewer({ method: 'GET', url: '/api/admin/events' })).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/events' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().name).toBe('AuthenticationRequired');
    const client = await t.app.inject({
      method: 'GET',
      url: '/api/admin/events',
      headers: { authorization: CLIENT_TOKEN },
    });
    expect(client.statusCode).toBe(403);
    expect(client.json().name).toBe('NoAccessError');
  });

  it('answers an unknown project with an empty list', async () => {
    const none = (await t.admin({ method: 'GET', url: '/api/admin/events?project=nowhere' })).json();
    expect(none).toEqual({ version: 1, events: [], totalEvents: 0 });
  });

  it('is marked deprecated in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/docs/openapi.json')).json();
    expect(doc.paths['/api/admin/events'].get.deprecated).toBe(true);
    expect(doc.paths['/api/admin/events/{featureName}'].get.deprecated).toBe(true);
    expect(doc.paths['/api/admin/search/events'].get.deprecated).toBeUndefined();
  });
});

describe('GET /api/admin/events/{featureName} (getEventsForToggle)', () => {
  it("lists one flag's events", async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/events/ev-one' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ version: 1, toggleName: 'ev-one', totalEvents: 2 });
    expect(body.events.map((e: { type: string }) => e.type)).toEqual(['feature-updated', 'feature-created']);
  });

  it('round-trips UTF-8 flag names', async () => {
    await createEventStore(t.db).append({
      type: 'feature-created',
      createdBy: 'alice',
      flagName: 'kassa-🚀-東京',
    });
    const response = await t.admin({
      method: 'GET',
      url: `/api/admin/events/${encodeURIComponent('kassa-🚀-東京')}`,
    });
    expect(response.json()).toMatchObject({ toggleName: 'kassa-🚀-東京', totalEvents: 1 });
  });

  it('answers a name no flag has with an empty list (events outlive deleted flags)', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/events/never-existed' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: 1, toggleName: 'never-existed', events: [], totalEvents: 0 });
  });

  it('refuses anonymous callers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/events/ev-one' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/admin/search/events (searchEvents)', () => {
  const search = async (query: string) => {
    const response = await t.admin({ method: 'GET', url: `/api/admin/search/events?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { events: { type: string; featureName: string; id: number }[]; total: number };
  };

  it('filters by type, project, flag, environment and creator, in plain and operator syntax', async () => {
    expect((await search('type=IS:project-updated')).total).toBe(1);
    expect(
      (await search('type=IS_ANY_OF:project-updated,feature-updated&project=IS_ANY_OF:ev-alpha,ev-beta'))
        .total,
    ).toBe(2);
    expect((await search('project=ev-beta')).events.map((e) => e.type)).toEqual([
      'project-updated',
      'feature-created',
    ]);
    expect((await search('feature=IS:ev-two')).total).toBe(1);
    expect((await search('environment=development&project=ev-alpha')).total).toBe(1);
    expect((await search(`createdBy=IS:${editorId}`)).events.map((e) => e.featureName)).toEqual(['ev-one']);
    expect((await search('createdBy=bob')).total).toBe(2);
  });

  it('finds free text in the data and matches nothing for an unknown value', async () => {
    expect((await search('query=needle')).events.map((e) => e.type)).toEqual(['feature-updated']);
    expect((await search('query=50%25')).total).toBe(0);
    expect(await search('project=IS:nowhere')).toEqual({ events: [], total: 0 });
  });

  it('filters by date: a date alone as `to` includes that whole day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const all = (await search('project=ev-alpha')).total;
    expect((await search(`project=ev-alpha&from=IS:${today}&to=IS:${today}`)).total).toBe(all);
    expect((await search('project=ev-alpha&to=2000-01-01')).total).toBe(0);
    expect((await search('project=ev-alpha&from=2999-01-01T00:00:00Z')).total).toBe(0);
  });

  it('pages with offset and limit while total counts every match', async () => {
    const first = await search('project=IS_ANY_OF:ev-alpha,ev-beta&limit=3');
    const second = await search('project=IS_ANY_OF:ev-alpha,ev-beta&limit=3&offset=3');
    expect(first.total).toBe(4);
    expect(first.events).toHaveLength(3);
    expect(second.events).toHaveLength(1);
    expect(new Set([...first.events, ...second.events].map((e) => e.id)).size).toBe(4);
  });

  it('refuses bad filters with a 400 naming the parameter', async () => {
    const before = await countEvents();
    for (const [query, path] of [
      ['from=yesterday', '/querystring/from'],
      ['to=IS:31-01-2026', '/querystring/to'],
      ['limit=0', '/querystring/limit'],
      ['limit=many', '/querystring/limit'],
      ['offset=-1', '/querystring/offset'],
    ] as const) {
      const response = await t.admin({ method: 'GET', url: `/api/admin/search/events?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await countEvents()).toBe(before);
  });

  it('refuses anonymous callers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/search/events' });
    expect(response.statusCode).toBe(401);
    expect(response.json().name).toBe('AuthenticationRequired');
  });
});

describe('GET /api/admin/event-creators (getEventCreators)', () => {
  it('lists the users who made changes, by their current name', async () => {
    await t.db.query("UPDATE users SET name = 'Edna Editor' WHERE id = $1", [editorId]);
    const response = await t.admin({ method: 'GET', url: '/api/admin/event-creators' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({ id: editorId, name: 'Edna Editor' });
    expect(response.json().every((c: { id: unknown }) => typeof c.id === 'number')).toBe(true);
  });

  it('refuses anonymous callers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/event-creators' });
    expect(response.statusCode).toBe(401);
  });
});
