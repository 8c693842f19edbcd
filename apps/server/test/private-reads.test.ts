import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateProject, seedPrivateProject } from '../src/testing/private-project.ts';
import { createTestApp, type TestApp } from '../src/testing/test-app.ts';
import { recordServedHistory } from '../src/features/flag-model/history/history-recorder.ts';
import { warnExpiringTokens } from '../src/features/governance/notifications/token-expiry-watcher.ts';

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
let priv: PrivateProject;

beforeAll(async () => {
  t = await createTestApp();
  priv = await seedPrivateProject(t, { project: PRIVATE, marker: MARKER });
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
      [`${PRIVATE}-shared`, 2, 2],
      [`${MARKER}-segment`, 1, 1],
    ]);
    expect(summary(unseen.json())).toEqual([[`${PRIVATE}-shared`, 1, 1]]);
  });

  it("does not find a private project's segment, and counts a global one's visible users (GET /segments/{id})", async () => {
    const { unseen } = await both(`/api/admin/segments/${priv.privateSegment}`);
    expect(unseen.statusCode).toBe(404);
    const global = await outsider({ url: `/api/admin/segments/${priv.sharedSegment}` });
    expect(global.json()).toMatchObject({ usedInFeatures: 1, usedInProjects: 1 });
    const full = await member({ url: `/api/admin/segments/${priv.sharedSegment}` });
    expect(full.json()).toMatchObject({ usedInFeatures: 2, usedInProjects: 2 });
  });

  it('sees only the strategies of visible flags that use a segment (GET /segments/{id}/strategies)', async () => {
    const { seen, unseen } = await both(`/api/admin/segments/${priv.sharedSegment}/strategies`);
    const ids = (body: { strategies: { id: string }[] }) => body.strategies.map((s) => s.id).sort();
    expect(ids(seen.json())).toEqual([priv.privateStrategy, priv.openStrategy].sort());
    expect(ids(unseen.json())).toEqual([priv.openStrategy]);
    const own404 = await outsider({ url: `/api/admin/segments/${priv.privateSegment}/strategies` });
    expect(own404.statusCode).toBe(404);
    expect(own404.body).not.toContain(MARKER);
  });

  it('sees only the strategies of visible flags that use a context field (GET /context/{field}/strategies)', async () => {
    const { seen, unseen } = await both(`/api/admin/context/${priv.contextField}/strategies`);
    const flags = (body: { strategies: { featureName: string }[] }) =>
      body.strategies.map((s) => s.featureName);
    expect(flags(seen.json())).toEqual([priv.openFlag, priv.privateFlag].sort());
    expect(flags(unseen.json())).toEqual([priv.openFlag]);
  });

  it("does not find a private flag's strategy (GET /segments/strategies/{strategyId})", async () => {
    const { unseen } = await both(`/api/admin/segments/strategies/${priv.privateStrategy}`);
    expect(unseen.statusCode).toBe(404);
    const open = await outsider({ url: `/api/admin/segments/strategies/${priv.openStrategy}` });
    expect(open.json().segments).toMatchObject([{ name: `${PRIVATE}-shared`, usedInFeatures: 1 }]);
  });

  it("sees an application's visible flags only (GET /metrics/applications/{app})", async () => {
    const { seen, unseen } = await both(`/api/admin/metrics/applications/${priv.appName}`);
    expect(seen.json().seenToggles).toEqual([priv.openFlag, priv.privateFlag].sort());
    expect(unseen.json().seenToggles).toEqual([priv.openFlag]);
  });

  it("sees an application's overview without the private project (GET /metrics/applications/{app}/overview)", async () => {
    const url = `/api/admin/metrics/applications/${priv.appName}/overview`;
    const [seen, unseen] = await Promise.all([member({ url }), outsider({ url })]);
    expect(seen.json()).toMatchObject({ projects: ['default', PRIVATE], featureCount: 2 });
    expect(unseen.json()).toMatchObject({ projects: ['default'], featureCount: 1 });
    expect(unseen.body).not.toContain(PRIVATE);
  });

  it("does not find a private flag's usage (GET /client-metrics/features/{flag}[/raw])", async () => {
    for (const suffix of ['', '/raw']) {
      const url = `/api/admin/client-metrics/features/${priv.privateFlag}${suffix}`;
      const [seen, unseen] = await Promise.all([member({ url }), outsider({ url })]);
      expect(seen.statusCode, url).toBe(200);
      expect(seen.body).toContain(priv.appName);
      expect(unseen.statusCode, url).toBe(404);
      expect(unseen.body).not.toContain(priv.appName);
    }
  });

  it('lists only tags that are on no flag or on a visible flag (GET /tags/{type}, /tags, /tags/{type}/{value})', async () => {
    const values = (body: { tags: { value: string }[] }) => body.tags.map((tag) => tag.value);
    for (const url of ['/api/admin/tags/simple', '/api/admin/tags']) {
      const { seen, unseen } = await both(url);
      expect(values(seen.json())).toEqual([`${PRIVATE}-both`, `${PRIVATE}-unused`, priv.privateTag]);
      expect(values(unseen.json())).toEqual([`${PRIVATE}-both`, `${PRIVATE}-unused`]);
    }
    // Not found, as a tag that does not exist is (the message names what was asked for).
    const url = `/api/admin/tags/simple/${priv.privateTag}`;
    expect((await member({ url })).json().tag).toEqual({ type: 'simple', value: priv.privateTag });
    const [unseen, missing] = await Promise.all([
      outsider({ url }),
      outsider({ url: '/api/admin/tags/simple/missing-tag' }),
    ]);
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json().message).toBe(missing.json().message.replace('missing-tag', priv.privateTag));
  });

  it('does not see the event of a tag made by tagging a private flag (GET /events)', async () => {
    const created = (body: { events: { type: string; data: { value?: string } | null }[] }) =>
      body.events.filter((e) => e.type === 'tag-created').map((e) => e.data?.value);
    const { seen, unseen } = await both('/api/admin/events');
    expect(created(seen.json())).toEqual(expect.arrayContaining([priv.privateTag, `${PRIVATE}-unused`]));
    expect(created(unseen.json())).toEqual(expect.arrayContaining([`${PRIVATE}-unused`]));
    expect(created(unseen.json())).not.toContain(priv.privateTag);
  });

  it('sees the served history, comparisons and the playground at an instant without the private project', async () => {
    await t.db.transaction((tx) => recordServedHistory(tx, []));
    const at = new Date().toISOString();
    const first = (await t.db.query<{ at: Date }>('SELECT min(recorded_at) AS at FROM served_recordings'))[0]!
      .at;
    const { unseen } = await both(`/api/admin/history/state?environment=development&at=${at}`);
    expect(unseen.json().features.map((f: { name: string }) => f.name)).toContain(priv.openFlag);
    const own = await outsider({
      url: `/api/admin/history/state?environment=development&project=${PRIVATE}&at=${at}`,
    });
    expect(own.statusCode).toBe(404);
    for (const [url, payload] of [
      ['/api/admin/playground', { environment: 'development', context: { userId: '1' }, at }],
      ['/api/admin/playground/advanced', { environments: ['development'], context: { userId: '1' }, at }],
      ['/api/admin/history/compare', { environment: 'development', from: first.toISOString(), to: at }],
    ] as const) {
      const [seen, hidden] = await Promise.all([
        member({ method: 'POST', url, payload }),
        outsider({ method: 'POST', url, payload }),
      ]);
      expect(seen.body, url).toContain(MARKER);
      expect(hidden.body, url).not.toContain(MARKER);
    }
    const timeline = await outsider({
      url: `/api/admin/projects/${PRIVATE}/features/${priv.privateFlag}/environments/development/history`,
    });
    expect([403, 404]).toContain(timeline.statusCode);
    expect(timeline.body).not.toContain(MARKER);
  });

  it("does not find a private flag's code references nor its project's flags safe to archive", async () => {
    const uploaded = await t.admin({
      method: 'PUT',
      url: `/api/admin/projects/${PRIVATE}/code-references`,
      payload: {
        repository: `acme/${MARKER}`,
        branch: 'main',
        references: [{ flag: priv.privateFlag, file: `src/${MARKER}.ts`, line: 1 }],
      },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { unseen } = await both(
      `/api/admin/projects/${PRIVATE}/features/${priv.privateFlag}/code-references`,
    );
    expect(unseen.statusCode).toBe(404);
    const url = `/api/admin/projects/${PRIVATE}/safe-to-archive`;
    expect((await member({ url })).statusCode).toBe(200);
    const hidden = await outsider({ url });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain(MARKER);
  });

  it("does not find a private flag's experiments or their results (GET …/experiments[/{id}[/results]])", async () => {
    const variants = await t.admin({
      method: 'PUT',
      url: `/api/admin/projects/${PRIVATE}/features/${priv.privateFlag}/environments/development/variants`,
      payload: ['control', 'treatment'].map((name) => ({
        name,
        weight: 500,
        weightType: 'variable',
        stickiness: 'default',
      })),
    });
    expect(variants.statusCode, variants.body).toBe(200);
    const base = `/api/admin/projects/${PRIVATE}/features/${priv.privateFlag}/environments/development/experiments`;
    const created = await t.admin({
      method: 'POST',
      url: base,
      payload: {
        name: `${MARKER} experiment`,
        controlVariant: 'control',
        metrics: [{ event: `${MARKER}-purchase`, kind: 'conversion', role: 'primary' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    for (const url of [base, `${base}/${id}`, `${base}/${id}/results`]) {
      const [seen, unseen] = await Promise.all([member({ url }), outsider({ url })]);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.body).toContain(MARKER);
      expect([403, 404]).toContain(unseen.statusCode);
      expect(unseen.body).not.toContain(MARKER);
    }
  });

  it("does not find a private flag's release plan, its safeguards or its events (GET …/release-plans, /events)", async () => {
    const template = await t.admin({
      method: 'POST',
      url: '/api/admin/release-plan-templates',
      payload: {
        name: 'private-reads-rollout',
        milestones: [
          {
            name: `${MARKER} ten`,
            sortOrder: 0,
            strategies: [{ sortOrder: 0, name: 'flexibleRollout', parameters: { rollout: 10 } }],
          },
        ],
      },
    });
    expect(template.statusCode, template.body).toBe(200);
    const base = `/api/admin/projects/${PRIVATE}/features/${priv.privateFlag}/environments/development/release-plans`;
    const plan = await t.admin({ method: 'POST', url: base, payload: { templateId: template.json().id } });
    expect(plan.statusCode, plan.body).toBe(200);
    const safeguard = await t.admin({
      method: 'PUT',
      url: `${base}/${plan.json().id}/safeguards`,
      payload: {
        impactMetric: {
          metricName: `${MARKER}_errors`,
          timeRange: 'hour',
          aggregationMode: 'count',
          labelSelectors: {},
        },
        triggerCondition: { operator: '>', threshold: 5 },
      },
    });
    expect(safeguard.statusCode, safeguard.body).toBe(200);
    const [seen, unseen] = await Promise.all([member({ url: base }), outsider({ url: base })]);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.body).toContain(`${MARKER}_errors`);
    expect([403, 404]).toContain(unseen.statusCode);
    expect(unseen.body).not.toContain(MARKER);
    // The plan's events (added, safeguard changed) name the private flag: the outsider gets none of them.
    const events = await outsider({ url: '/api/admin/events' });
    expect(events.statusCode).toBe(200);
    const types = (body: { events: { type: string; featureName: string | null }[] }) =>
      body.events.filter((e) => e.featureName === priv.privateFlag).map((e) => e.type);
    expect(types(events.json())).toEqual([]);
    expect(types((await member({ url: '/api/admin/events' })).json())).toEqual(
      expect.arrayContaining(['release-plan-added', 'safeguard-changed']),
    );
  });

  it('does not see the events of tokens over a private project (created, expiring, changed, deleted; GET /events)', async () => {
    const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const secrets: string[] = [];
    for (const [tokenName, projects] of [
      [`${MARKER}-only`, [PRIVATE]],
      [`${MARKER}-both`, [PRIVATE, 'default']],
    ] as const) {
      const created = await t.admin({
        method: 'POST',
        url: '/api/admin/api-tokens',
        payload: { tokenName, type: 'client', environment: 'development', projects, expiresAt },
      });
      expect(created.statusCode, created.body).toBe(201);
      secrets.push(created.json().secret);
    }
    expect((await warnExpiringTokens(t.db, new Date())).apiTokens).toHaveLength(2);
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect(
      (
        await t.admin({
          method: 'PUT',
          url: `/api/admin/api-tokens/${secrets[0]}`,
          payload: { expiresAt: later },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/api-tokens/${secrets[1]}` })).statusCode).toBe(
      200,
    );

    const named = (e: { data: { tokenName?: string } | null; preData: { tokenName?: string } | null }) =>
      (e.data?.tokenName ?? e.preData?.tokenName ?? '').startsWith(MARKER);
    type Listed = { type: string; project: string | null; data: { tokenName?: string } | null };
    const tokenEvents = (body: { events: (Listed & { preData: Listed['data'] })[] }) =>
      body.events.filter(named).map((e) => `${e.type} ${e.project ?? '-'}`);
    // (Not both(): an earlier case's global template carries the marker, which anyone may see.)
    const [seen, unseen] = await Promise.all([
      member({ url: '/api/admin/events' }),
      outsider({ url: '/api/admin/events' }),
    ]);
    expect(tokenEvents(seen.json()).sort()).toEqual([
      'api-token-created -',
      `api-token-created ${PRIVATE}`,
      'api-token-deleted -',
      'api-token-expiring -',
      `api-token-expiring ${PRIVATE}`,
      `api-token-updated ${PRIVATE}`,
    ]);
    expect(tokenEvents(unseen.json())).toEqual([]);
  });
});
