import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStrategyThroughApi, createFlagThroughApi } from '../src/testing/flag-api-builders.ts';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../src/testing/test-app.ts';

/**
 * Issue 30, finding 6: reads that reach a private project through something else (a segment, a context field, a
 * strategy, an application's usage, a tag) show a non-member what a member sees, minus the private project.
 */
type Send = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** In every name and value of the private project's data, so a read that shows any of it says so. */
const MARKER = 'vaultmarker';
const PRIVATE = 'priv';

let t: TestApp;
let member: Send;
let outsider: Send;
let shared: number;
let own: number;
let privateStrategy: string;
let openStrategy: string;
const privateFlag = `${MARKER}-flag`;
const openFlag = 'open-flag';

const ok = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.body ? response.json() : undefined;
};

beforeAll(async () => {
  t = await createTestApp();
  const post = async (url: string, payload: object) => ok(await t.admin({ method: 'POST', url, payload }));
  await post('/api/admin/projects', { id: PRIVATE, name: 'Vault', mode: 'private' });
  await post('/api/admin/context', { name: 'tier', legalValues: [] });
  shared = (await post('/api/admin/segments', { name: 'shared-segment', constraints: [] })).id;
  own = (
    await post('/api/admin/segments', {
      name: `${MARKER}-segment`,
      project: PRIVATE,
      constraints: [{ contextName: 'tier', operator: 'IN', values: [`${MARKER}-value`] }],
    })
  ).id;
  await createFlagThroughApi(t, { name: privateFlag, description: MARKER }, PRIVATE);
  await createFlagThroughApi(t, { name: openFlag });
  const tier = (value: string) => [{ contextName: 'tier', operator: 'IN', values: [value] }];
  privateStrategy = ok(
    await t.admin({
      method: 'POST',
      url: `/api/admin/projects/${PRIVATE}/features/${privateFlag}/environments/development/strategies`,
      payload: { name: 'default', constraints: tier(`${MARKER}-value`), segments: [shared, own] },
    }),
  ).id;
  openStrategy = (
    await addStrategyThroughApi(t, openFlag, {
      name: 'default',
      constraints: tier('gold'),
      segments: [shared],
    })
  ).id;
  await post(`/api/admin/features/${privateFlag}/tags`, { type: 'simple', value: `${MARKER}-tag` });
  await post(`/api/admin/features/${privateFlag}/tags`, { type: 'simple', value: 'both-tag' });
  await post(`/api/admin/features/${openFlag}/tags`, { type: 'simple', value: 'both-tag' });
  await post('/api/admin/tags', { type: 'simple', value: 'unused-tag' });

  const client = { authorization: CLIENT_TOKEN };
  ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/client/register',
      headers: client,
      payload: {
        appName: 'shop',
        instanceId: 'shop-1',
        sdkVersion: 'unleash-node-sdk:6.12.1',
        strategies: ['default'],
        started: Date.now(),
        interval: 15000,
      },
    }),
  );
  const now = new Date().toISOString();
  const counts = { yes: 3, no: 1, variants: {} };
  ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/client/metrics',
      headers: client,
      payload: {
        appName: 'shop',
        instanceId: 'shop-1',
        bucket: { start: now, stop: now, toggles: { [privateFlag]: counts, [openFlag]: counts } },
      },
    }),
  );
  member = await t.as('Viewer', { memberOf: [PRIVATE] });
  outsider = await t.as('Viewer');
}, 60_000);
afterAll(() => t.close());

/** The same read by the member and by the outsider. */
async function both(url: string) {
  const [seen, unseen] = await Promise.all([member({ url }), outsider({ url })]);
  expect(seen.statusCode, seen.body).toBe(200);
  expect(seen.body).toContain(MARKER);
  expect(unseen.body).not.toContain(MARKER);
  return { seen, unseen };
}

describe('a Viewer outside a private project', () => {
  it('lists only the segments it can see, counting only the flags it can see (GET /segments)', async () => {
    const { seen, unseen } = await both('/api/admin/segments');
    const summary = (body: {
      segments: { name: string; usedInFeatures: number; usedInProjects: number }[];
    }) => body.segments.map((s) => [s.name, s.usedInFeatures, s.usedInProjects]);
    expect(summary(seen.json())).toEqual([
      ['shared-segment', 2, 2],
      [`${MARKER}-segment`, 1, 1],
    ]);
    expect(summary(unseen.json())).toEqual([['shared-segment', 1, 1]]);
  });

  it("does not find a private project's segment, and counts a global one's visible users (GET /segments/{id})", async () => {
    const { unseen } = await both(`/api/admin/segments/${own}`);
    expect(unseen.statusCode).toBe(404);
    const global = await outsider({ url: `/api/admin/segments/${shared}` });
    expect(global.json()).toMatchObject({ usedInFeatures: 1, usedInProjects: 1 });
    const full = await member({ url: `/api/admin/segments/${shared}` });
    expect(full.json()).toMatchObject({ usedInFeatures: 2, usedInProjects: 2 });
  });

  it('sees only the strategies of visible flags that use a segment (GET /segments/{id}/strategies)', async () => {
    const { seen, unseen } = await both(`/api/admin/segments/${shared}/strategies`);
    const ids = (body: { strategies: { id: string }[] }) => body.strategies.map((s) => s.id).sort();
    expect(ids(seen.json())).toEqual([privateStrategy, openStrategy].sort());
    expect(ids(unseen.json())).toEqual([openStrategy]);
    const own404 = await outsider({ url: `/api/admin/segments/${own}/strategies` });
    expect(own404.statusCode).toBe(404);
    expect(own404.body).not.toContain(MARKER);
  });

  it('sees only the strategies of visible flags that use a context field (GET /context/{field}/strategies)', async () => {
    const { seen, unseen } = await both('/api/admin/context/tier/strategies');
    const flags = (body: { strategies: { featureName: string }[] }) =>
      body.strategies.map((s) => s.featureName);
    expect(flags(seen.json())).toEqual([openFlag, privateFlag].sort());
    expect(flags(unseen.json())).toEqual([openFlag]);
  });

  it("does not find a private flag's strategy (GET /segments/strategies/{strategyId})", async () => {
    const { unseen } = await both(`/api/admin/segments/strategies/${privateStrategy}`);
    expect(unseen.statusCode).toBe(404);
    const open = await outsider({ url: `/api/admin/segments/strategies/${openStrategy}` });
    expect(open.json().segments).toMatchObject([{ name: 'shared-segment', usedInFeatures: 1 }]);
  });

  it("sees an application's visible flags only (GET /metrics/applications/{app})", async () => {
    const { seen, unseen } = await both('/api/admin/metrics/applications/shop');
    expect(seen.json().seenToggles).toEqual([openFlag, privateFlag].sort());
    expect(unseen.json().seenToggles).toEqual([openFlag]);
  });

  it("sees an application's overview without the private project (GET /metrics/applications/{app}/overview)", async () => {
    const url = '/api/admin/metrics/applications/shop/overview';
    const [seen, unseen] = await Promise.all([member({ url }), outsider({ url })]);
    expect(seen.json()).toMatchObject({ projects: ['default', PRIVATE], featureCount: 2 });
    expect(unseen.json()).toMatchObject({ projects: ['default'], featureCount: 1 });
    expect(unseen.body).not.toContain(PRIVATE);
  });

  it("does not find a private flag's usage (GET /client-metrics/features/{flag}[/raw])", async () => {
    for (const suffix of ['', '/raw']) {
      const url = `/api/admin/client-metrics/features/${privateFlag}${suffix}`;
      const [seen, unseen] = await Promise.all([member({ url }), outsider({ url })]);
      expect(seen.statusCode, url).toBe(200);
      expect(seen.body).toContain('shop');
      expect(unseen.statusCode, url).toBe(404);
      expect(unseen.body).not.toContain('shop');
    }
  });

  it('lists only tags that are on no flag or on a visible flag (GET /tags/{type}, /tags, /tags/{type}/{value})', async () => {
    const values = (body: { tags: { value: string }[] }) => body.tags.map((tag) => tag.value);
    for (const url of ['/api/admin/tags/simple', '/api/admin/tags']) {
      const { seen, unseen } = await both(url);
      expect(values(seen.json())).toEqual(['both-tag', 'unused-tag', `${MARKER}-tag`]);
      expect(values(unseen.json())).toEqual(['both-tag', 'unused-tag']);
    }
    // Not found, as a tag that does not exist is (the message names what was asked for).
    const url = `/api/admin/tags/simple/${MARKER}-tag`;
    expect((await member({ url })).json().tag).toEqual({ type: 'simple', value: `${MARKER}-tag` });
    const [unseen, missing] = await Promise.all([
      outsider({ url }),
      outsider({ url: '/api/admin/tags/simple/missing-tag' }),
    ]);
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json().message).toBe(missing.json().message.replace('missing-tag', `${MARKER}-tag`));
  });
});
