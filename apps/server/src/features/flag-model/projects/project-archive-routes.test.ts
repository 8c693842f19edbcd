import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 300_000);
afterAll(() => t.close());

const project = (id: string) =>
  t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id, name: id } });
const createFlag = (projectId: string, name: string) =>
  t.admin({ method: 'POST', url: `/api/admin/projects/${projectId}/features`, payload: { name } });
const listed = async (query = '') =>
  (await t.admin({ method: 'GET', url: `/api/admin/projects${query}` }))
    .json()
    .projects.map((p: { id: string }) => p.id);
const eventTypes = async (projectId: string) =>
  (
    await t.db.query<{ type: string }>('SELECT type FROM events WHERE project = $1 ORDER BY id', [projectId])
  ).map((row) => row.type);

describe('POST /api/admin/projects/archive/{projectId} (archiveProject) and revive (reviveProject)', () => {
  it('archives a project whose flags are archived, lists it apart, takes no new flags, and revives it', async () => {
    await project('old-shop');
    expect((await createFlag('old-shop', 'old-checkout')).statusCode).toBe(201);
    const busy = await t.admin({ method: 'POST', url: '/api/admin/projects/archive/old-shop' });
    expect(busy.statusCode).toBe(403);
    expect(busy.json().message).toMatch(/still has 1 flag that is not archived/);
    await t.admin({ method: 'DELETE', url: '/api/admin/projects/old-shop/features/old-checkout' });

    expect((await t.admin({ method: 'POST', url: '/api/admin/projects/archive/old-shop' })).statusCode).toBe(
      200,
    );
    expect(await listed()).not.toContain('old-shop');
    expect(await listed('?archived=true')).toEqual(['old-shop']);
    const read = (await t.admin({ method: 'GET', url: '/api/admin/projects/old-shop' })).json();
    expect(read.archivedAt).toEqual(expect.any(String));
    const refused = await createFlag('old-shop', 'new-checkout');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/archived: revive it/);
    expect((await t.admin({ method: 'POST', url: '/api/admin/projects/archive/old-shop' })).statusCode).toBe(
      403,
    );

    expect((await t.admin({ method: 'POST', url: '/api/admin/projects/revive/old-shop' })).statusCode).toBe(
      200,
    );
    expect(await listed()).toContain('old-shop');
    expect((await createFlag('old-shop', 'new-checkout')).statusCode).toBe(201);
    expect(await eventTypes('old-shop')).toEqual(
      expect.arrayContaining(['project-archived', 'project-revived']),
    );
    expect((await t.admin({ method: 'POST', url: '/api/admin/projects/revive/old-shop' })).statusCode).toBe(
      403,
    );
  });

  it('refuses the default project, unknown projects, Editors and anonymous callers', async () => {
    expect((await t.admin({ method: 'POST', url: '/api/admin/projects/archive/default' })).statusCode).toBe(
      403,
    );
    expect((await t.admin({ method: 'POST', url: '/api/admin/projects/archive/nowhere' })).statusCode).toBe(
      404,
    );
    expect((await t.admin({ method: 'POST', url: '/api/admin/projects/revive/nowhere' })).statusCode).toBe(
      404,
    );
    await project('kept');
    const editor = await t.as('Editor');
    expect((await editor({ method: 'POST', url: '/api/admin/projects/archive/kept' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/projects/archive/kept' })).statusCode).toBe(
      401,
    );
  });
});

describe('PUT /api/admin/projects/{projectId}/settings (updateProjectEnterpriseSettings)', () => {
  const settings = (projectId: string, payload: object) =>
    t.admin({ method: 'PUT', url: `/api/admin/projects/${projectId}/settings`, payload });

  it('holds new flags, created or cloned, to the naming pattern, and shows the rule on the project', async () => {
    await project('named');
    const saved = await settings('named', {
      featureNaming: { pattern: '[a-z]+-[0-9]+', example: 'web-12', description: 'team, dash, ticket' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await createFlag('named', 'web-1')).statusCode).toBe(201);
    const refused = await createFlag('named', 'WebCheckout');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toMatchObject({
      path: '/body/name',
      message: expect.stringMatching(/naming pattern \^\[a-z\]\+-\[0-9\]\+\$, such as "web-12"/),
    });
    const clone = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/named/features/web-1/clone',
      payload: { name: 'copy' },
    });
    expect(clone.statusCode).toBe(400);
    const overview = (await t.admin({ method: 'GET', url: '/api/admin/projects/named/overview' })).json();
    expect(overview.featureNaming).toEqual({
      pattern: '[a-z]+-[0-9]+',
      example: 'web-12',
      description: 'team, dash, ticket',
    });
    const [event] = await t.db.query<{ data: unknown; pre_data: unknown }>(
      "SELECT data, pre_data FROM events WHERE project = 'named' AND type = 'project-updated' ORDER BY id DESC LIMIT 1",
    );
    expect(event).toMatchObject({
      pre_data: { featureNaming: null },
      data: { featureNaming: { pattern: '[a-z]+-[0-9]+' } },
    });

    expect((await settings('named', { featureNaming: { pattern: null } })).statusCode).toBe(200);
    expect((await createFlag('named', 'WebCheckout')).statusCode).toBe(201);
  });

  it('gives every new flag one link per template, with its project and name filled in', async () => {
    await project('linked');
    const saved = await settings('linked', {
      linkTemplates: [
        { title: 'Ticket', urlTemplate: 'https://tracker.example.com/browse/{{feature}}' },
        { urlTemplate: 'https://grafana.example.com/d/flags?project={{project}}&flag={{feature}}' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const overview = (await t.admin({ method: 'GET', url: '/api/admin/projects/linked/overview' })).json();
    expect(overview.linkTemplates).toEqual([
      { title: 'Ticket', urlTemplate: 'https://tracker.example.com/browse/{{feature}}' },
      {
        title: null,
        urlTemplate: 'https://grafana.example.com/d/flags?project={{project}}&flag={{feature}}',
      },
    ]);
    expect((await createFlag('linked', 'web.checkout')).statusCode).toBe(201);
    const flag = (
      await t.admin({ method: 'GET', url: '/api/admin/projects/linked/features/web.checkout' })
    ).json();
    expect(flag.links.map((link: { url: string; title: string | null }) => [link.url, link.title])).toEqual([
      ['https://tracker.example.com/browse/web.checkout', 'Ticket'],
      ['https://grafana.example.com/d/flags?project=linked&flag=web.checkout', null],
    ]);
    expect((await eventTypes('linked')).filter((type) => type === 'feature-link-added')).toHaveLength(2);

    const bad = await settings('linked', {
      linkTemplates: [
        { urlTemplate: 'https://example.com/{{feature}}' },
        { urlTemplate: 'ftp://example.com/{{feature}}' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { path: '/body/linkTemplates/1/urlTemplate', message: expect.stringMatching(/http or https URL/) },
    ]);
    expect((await settings('linked', { linkTemplates: [] })).statusCode).toBe(200);
    expect((await createFlag('linked', 'plain')).statusCode).toBe(201);
    expect(
      (await t.admin({ method: 'GET', url: '/api/admin/projects/linked/features/plain' })).json().links,
    ).toEqual([]);
  });

  it('changes the mode, and refuses bad patterns, examples they refuse, unknown fields and Editors', async () => {
    await project('strict');
    expect((await settings('strict', { mode: 'protected' })).statusCode).toBe(200);
    expect((await t.admin({ method: 'GET', url: '/api/admin/projects/strict' })).json().mode).toBe(
      'protected',
    );
    const bad = await settings('strict', { featureNaming: { pattern: '[a-' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/body/featureNaming/pattern');
    const mismatch = await settings('strict', { featureNaming: { pattern: '[a-z]+', example: 'A1' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details[0].path).toBe('/body/featureNaming/example');
    expect((await settings('strict', { labels: [] })).statusCode).toBe(400);
    expect((await settings('nowhere', { mode: 'open' })).statusCode).toBe(404);
    const editor = await t.as('Editor');
    const refused = await editor({
      method: 'PUT',
      url: '/api/admin/projects/strict/settings',
      payload: { mode: 'open' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
