import { cupedAdjust } from '@switchyard/statistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EXPERIMENT_FLUSH_INTERVAL_MS: '60000' });
}, 120_000);
afterAll(() => t?.close());

const base = (flag: string, environment = 'development') =>
  `/api/admin/projects/default/features/${flag}/environments/${environment}/experiments`;
const variants = (names: string[]) =>
  names.map((name) => ({
    name,
    weight: Math.floor(1000 / names.length),
    weightType: 'variable',
    stickiness: 'default',
  }));

/** A flag on for everyone in development with these variants. */
async function experimentFlag(name: string, names = ['control', 'treatment']) {
  await buildFlag(t.db, {
    name,
    environments: { development: { enabled: true, strategies: [{}], variants: variants(names) } },
  });
}

async function startedExperiment(flag: string, metrics?: unknown[]): Promise<number> {
  const created = await t.admin({
    method: 'POST',
    url: base(flag),
    payload: {
      name: `${flag} test`,
      hypothesis: 'Treatment converts more',
      controlVariant: 'control',
      metrics: metrics ?? [
        { event: 'purchase', kind: 'conversion', role: 'primary' },
        { event: 'revenue', kind: 'mean', role: 'guardrail' },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const started = await t.admin({ method: 'POST', url: `${base(flag)}/${id}/start` });
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json()).toMatchObject({ status: 'running' });
  return id;
}

const frontend = (userId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/frontend?userId=${encodeURIComponent(userId)}`,
    headers: { authorization: FRONTEND_TOKEN },
  });
const track = (payload: object, token = FRONTEND_TOKEN, prefix = '/api/frontend') =>
  t.app.inject({ method: 'POST', url: `${prefix}/track`, headers: { authorization: token }, payload });
const results = async (flag: string, id: number) => {
  const response = await t.admin({ method: 'GET', url: `${base(flag)}/${id}/results` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('setting up an experiment', () => {
  it('refuses a control that is not a variant, and a flag without variants, naming the field', async () => {
    await experimentFlag('exp-setup');
    const wrong = await t.admin({
      method: 'POST',
      url: base('exp-setup'),
      payload: {
        name: 'x',
        controlVariant: 'nope',
        metrics: [{ event: 'purchase', kind: 'conversion', role: 'primary' }],
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0]).toMatchObject({ path: '/body/controlVariant' });
    const twoPrimaries = await t.admin({
      method: 'POST',
      url: base('exp-setup'),
      payload: {
        name: 'x',
        controlVariant: 'control',
        metrics: [
          { event: 'a', kind: 'conversion', role: 'primary' },
          { event: 'b', kind: 'conversion', role: 'primary' },
        ],
      },
    });
    expect(twoPrimaries.statusCode).toBe(400);
    expect(twoPrimaries.json().details[0]).toMatchObject({ path: '/body/metrics' });
    await buildFlag(t.db, {
      name: 'exp-plain',
      environments: { development: { enabled: true, strategies: [{}] } },
    });
    const plain = await t.admin({
      method: 'POST',
      url: base('exp-plain'),
      payload: {
        name: 'x',
        controlVariant: 'control',
        metrics: [{ event: 'a', kind: 'conversion', role: 'primary' }],
      },
    });
    expect(plain.statusCode).toBe(400);
    const unknown = await t.admin({ method: 'GET', url: `${base('exp-setup')}/999999` });
    expect(unknown.statusCode).toBe(404);
  });

  it('runs one experiment per flag environment at a time', async () => {
    await experimentFlag('exp-one');
    await startedExperiment('exp-one');
    const second = await t.admin({
      method: 'POST',
      url: base('exp-one'),
      payload: {
        name: 'y',
        controlVariant: 'control',
        metrics: [{ event: 'a', kind: 'conversion', role: 'primary' }],
      },
    });
    const again = await t.admin({ method: 'POST', url: `${base('exp-one')}/${second.json().id}/start` });
    expect(again.statusCode).toBe(409);
    const list = await t.admin({ method: 'GET', url: base('exp-one') });
    expect(list.json().experiments.map((e: { status: string }) => e.status)).toEqual(['draft', 'running']);
  });
});

describe('exposures and conversions', () => {
  it('records the first exposure per user from the Frontend API and OFREP, and counts events after it', async () => {
    await experimentFlag('exp-flow');
    const id = await startedExperiment('exp-flow');
    // Tracked before any exposure: not counted.
    expect((await track({ event: 'purchase', userId: 'early' })).statusCode).toBe(202);
    await t.app.experiments.flushNow();
    const seen = new Map<string, string>();
    for (let i = 0; i < 40; i++) {
      const user = `user-${i}`;
      const response = await frontend(user);
      expect(response.statusCode).toBe(200);
      const toggle = response.json().toggles.find((each: { name: string }) => each.name === 'exp-flow');
      seen.set(user, toggle.variant.name);
      // A second look changes nothing.
      await frontend(user);
    }
    const ofrep = await t.app.inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags/exp-flow',
      headers: { authorization: FRONTEND_TOKEN },
      payload: { context: { targetingKey: 'ofrep-user' } },
    });
    expect(ofrep.statusCode, ofrep.body).toBe(200);
    await track({ event: 'early', userId: 'early' });
    await t.app.experiments.flushNow();
    // Every treatment user buys twice for 10 each; control users once for 5 (as a list of events).
    const events = [...seen].flatMap(([userId, variant]) =>
      variant === 'treatment'
        ? [
            { event: 'purchase', userId },
            { event: 'purchase', userId },
            { event: 'revenue', userId, value: 10 },
            { event: 'revenue', userId, value: 10 },
          ]
        : [
            { event: 'purchase', userId },
            { event: 'revenue', userId, value: 5 },
          ],
    );
    expect((await track(events)).json()).toEqual({ accepted: events.length });
    await track({ event: 'purchase', userId: 'early' });
    await t.app.experiments.flushNow();

    const body = await results('exp-flow', id);
    const treatmentUsers = [...seen.values()].filter((v) => v === 'treatment').length;
    const controlUsers = [...seen.values()].filter((v) => v === 'control').length;
    // The OFREP user counts as a third source of exposure.
    expect(body.variants.reduce((sum: number, v: { users: number }) => sum + v.users, 0)).toBe(41);
    const purchase = body.metrics.find((m: { event: string }) => m.event === 'purchase');
    const byVariant = Object.fromEntries(purchase.variants.map((v: { variant: string }) => [v.variant, v]));
    expect(byVariant.control.isControl).toBe(true);
    // "early" converted once after its exposure? It never was exposed: not counted.
    expect(byVariant.treatment.estimate).toBeCloseTo(treatmentUsers / byVariant.treatment.users, 10);
    expect(byVariant.control.estimate).toBeCloseTo(controlUsers / byVariant.control.users, 10);
    const revenue = body.metrics.find((m: { event: string }) => m.event === 'revenue');
    const treatment = revenue.variants.find((v: { variant: string }) => v.variant === 'treatment');
    expect(treatment.estimate).toBeCloseTo((20 * treatmentUsers) / treatment.users, 10);
    expect(treatment.chanceToBeatControl).toBeGreaterThan(0.99);
    expect(body.verdict.verdict).toBe('collecting');
    expect(body.sampleRatio.mismatch).toBe(false);
  });

  it('takes forwarded impression events from locally evaluating SDKs with a client token', async () => {
    await experimentFlag('exp-impressions');
    const id = await startedExperiment('exp-impressions');
    const event = (userId: string, variant: string) => ({
      eventType: 'getVariant',
      eventId: `e-${userId}`,
      featureName: 'exp-impressions',
      enabled: true,
      variant,
      context: { userId, appName: 'backend' },
    });
    const forward = (payload: object, token = CLIENT_TOKEN) =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/impressions',
        headers: { authorization: token },
        payload,
      });
    expect((await forward(event('one', 'control'))).json()).toEqual({ recorded: 1 });
    const isEnabled = { ...event('two', 'control'), eventType: 'isEnabled' };
    expect((await forward([event('two', 'treatment'), isEnabled])).json()).toEqual({ recorded: 1 });
    expect((await forward(event('three', 'control'), FRONTEND_TOKEN)).statusCode).toBe(403);
    expect((await forward({ featureName: 'x' })).statusCode).toBe(400);
    // Backends track with their client token.
    expect((await track({ event: 'purchase', userId: 'two' }, CLIENT_TOKEN, '/api/client')).statusCode).toBe(
      202,
    );
    await t.app.experiments.flushNow();
    const body = await results('exp-impressions', id);
    expect(body.variants).toEqual([
      expect.objectContaining({ variant: 'control', users: 1 }),
      expect.objectContaining({ variant: 'treatment', users: 1 }),
    ]);
    expect(body.metrics[0].variants[1].estimate).toBe(1);
  });

  it("takes an edge's exposures with a client token and answers which experiments run", async () => {
    await experimentFlag('exp-edge');
    const id = await startedExperiment('exp-edge');
    const post = (payload: object, token = CLIENT_TOKEN) =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/exposures',
        headers: { authorization: token },
        payload,
      });
    const asked = await post({ exposures: [] });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().experiments).toContainEqual({ id, flagName: 'exp-edge' });
    const exposure = (userId: string, variant: string, flagName = 'exp-edge') => ({
      flagName,
      variant,
      userId,
      exposedAt: new Date(Date.now() - 1000).toISOString(),
    });
    const sent = await post({
      exposures: [
        exposure('e1', 'control'),
        exposure('e2', 'treatment'),
        exposure('e3', 'control', 'unknown'),
      ],
    });
    expect(sent.json().recorded).toBe(2);
    // The same user again, from another edge: counted once.
    await post({ exposures: [exposure('e1', 'control')] });
    expect((await post({ exposures: [] }, FRONTEND_TOKEN)).statusCode).toBe(403);
    const bad = await post({ exposures: [{ ...exposure('e4', 'control'), exposedAt: 'yesterday' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ path: '/body/exposures/0/exposedAt' });
    await t.app.experiments.flushNow();
    expect((await results('exp-edge', id)).variants).toEqual([
      expect.objectContaining({ variant: 'control', users: 1 }),
      expect.objectContaining({ variant: 'treatment', users: 1 }),
    ]);
  });

  it('applies CUPED with what each user tracked before the start, from the sums the flushes keep', async () => {
    await experimentFlag('exp-cuped');
    const users = Array.from({ length: 60 }, (_, i) => `cuped-${i}`);
    // Before the start: revenue 1–5 per user, and every third user bought.
    const pre = (i: number) => (i % 5) + 1;
    const bought = (i: number) => i % 3 === 0;
    await track(
      users.flatMap((userId, i) => [
        { event: 'revenue', userId, value: pre(i) },
        ...(bought(i) ? [{ event: 'purchase', userId }] : []),
      ]),
    );
    await t.app.experiments.flushNow();
    const id = await startedExperiment('exp-cuped');
    const variantOf = new Map<string, string>();
    for (const userId of users) {
      const toggle = (await frontend(userId))
        .json()
        .toggles.find((each: { name: string }) => each.name === 'exp-cuped');
      variantOf.set(userId, toggle.variant.name);
    }
    await t.app.experiments.flushNow();
    // In the experiment, revenue follows the pre-period (2x + 1, in two events, + 3 in treatment) and those who
    // bought before mostly buy again.
    const value = (i: number, variant: string) => 2 * pre(i) + (i % 2) + (variant === 'treatment' ? 3 : 0);
    const buys = (i: number) => bought(i) !== (i % 7 === 0);
    await track(
      users.flatMap((userId, i) => [
        { event: 'revenue', userId, value: value(i, variantOf.get(userId)!) - 1 },
        { event: 'revenue', userId, value: 1 },
        ...(buys(i) ? [{ event: 'purchase', userId }] : []),
      ]),
    );
    await t.app.experiments.flushNow();
    const body = await results('exp-cuped', id);

    // The same sums computed here from the raw data, per variant in the results' order.
    const expectedFor = (y: (i: number, variant: string) => number, x: (i: number) => number) =>
      cupedAdjust(
        body.variants.map(({ variant }: { variant: string }) => {
          const mine = users.flatMap((userId, i) => (variantOf.get(userId) === variant ? [i] : []));
          const sum = (f: (i: number) => number) => mine.reduce((all, i) => all + f(i), 0);
          return {
            users: mine.length,
            sumY: sum((i) => y(i, variant)),
            sumY2: sum((i) => y(i, variant) ** 2),
            sumX: sum(x),
            sumX2: sum((i) => x(i) ** 2),
            sumXY: sum((i) => x(i) * y(i, variant)),
          };
        }),
      );
    const revenue = body.metrics.find((metric: { event: string }) => metric.event === 'revenue');
    const expectedRevenue = expectedFor(value, pre);
    expect(revenue.cuped.applied).toBe(true);
    expect(revenue.cuped.theta).toBeCloseTo(expectedRevenue.theta, 9);
    expect(revenue.cuped.varianceReduction).toBeCloseTo(expectedRevenue.varianceReduction, 9);
    expect(revenue.cuped.varianceReduction).toBeGreaterThan(0.9);
    expect(revenue.variants.map((v: { estimate: number }) => v.estimate)).toEqual(
      expectedRevenue.adjusted.map((m) => expect.closeTo(m.mean, 9)),
    );
    const purchase = body.metrics.find((metric: { event: string }) => metric.event === 'purchase');
    const expectedPurchase = expectedFor(
      (i) => (buys(i) ? 1 : 0),
      (i) => (bought(i) ? 1 : 0),
    );
    expect(purchase.cuped).toEqual({
      applied: true,
      theta: expect.closeTo(expectedPurchase.theta, 9),
      varianceReduction: expect.closeTo(expectedPurchase.varianceReduction, 9),
    });
  });

  it('says CUPED was not applied where no user tracked anything before the start', async () => {
    await experimentFlag('exp-no-pre');
    const id = await startedExperiment('exp-no-pre', [
      { event: 'never-before', kind: 'mean', role: 'primary' },
    ]);
    await frontend('no-pre-1');
    await t.app.experiments.flushNow();
    await track({ event: 'never-before', userId: 'no-pre-1', value: 3 });
    await t.app.experiments.flushNow();
    expect((await results('exp-no-pre', id)).metrics[0].cuped).toEqual({ applied: false });
  });

  it('refuses tracked events without a user, naming the field, and bad bodies', async () => {
    const missing = await track([{ event: 'purchase', userId: 'a' }, { event: 'purchase' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0]).toMatchObject({ path: '/body/1/userId' });
    expect((await track({ event: '', userId: 'a' })).statusCode).toBe(400);
    expect((await track({ event: 'x', userId: 'a', value: 'ten' })).statusCode).toBe(400);
    expect((await track({ event: 'x', userId: 'a' }, 'nope')).statusCode).toBe(401);
  });

  it('catches an induced 45/55 split with the sample-ratio check', async () => {
    await experimentFlag('exp-srm');
    const id = await startedExperiment('exp-srm', [
      { event: 'purchase', kind: 'conversion', role: 'primary' },
    ]);
    // Exposures forwarded by a broken integration that loses a tenth of control's users.
    const events = Array.from({ length: 10_000 }, (_, i) => ({
      eventType: 'getVariant',
      featureName: 'exp-srm',
      enabled: true,
      variant: i < 4500 ? 'control' : 'treatment',
      context: { userId: `srm-${i}` },
    }));
    for (let i = 0; i < events.length; i += 1000) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/client/impressions',
        headers: { authorization: CLIENT_TOKEN },
        payload: events.slice(i, i + 1000),
      });
      expect(response.statusCode).toBe(202);
    }
    await t.app.experiments.flushNow();
    const body = await results('exp-srm', id);
    expect(body.variants.map((v: { users: number }) => v.users)).toEqual([4500, 5500]);
    expect(body.sampleRatio.mismatch).toBe(true);
    expect(body.sampleRatio.statistic).toBeCloseTo(100, 6);
    expect(body.verdict.verdict).toBe('sample-ratio-mismatch');
  }, 60_000);

  it('stops counting once stopped, and deletes with its data', async () => {
    await experimentFlag('exp-stop');
    const id = await startedExperiment('exp-stop');
    const stopped = await t.admin({ method: 'POST', url: `${base('exp-stop')}/${id}/stop` });
    expect(stopped.json()).toMatchObject({ status: 'stopped' });
    await frontend('after-stop');
    await t.app.experiments.flushNow();
    expect((await results('exp-stop', id)).variants.every((v: { users: number }) => v.users === 0)).toBe(
      true,
    );
    expect((await t.admin({ method: 'POST', url: `${base('exp-stop')}/${id}/stop` })).statusCode).toBe(403);
    expect((await t.admin({ method: 'DELETE', url: `${base('exp-stop')}/${id}` })).statusCode).toBe(204);
    expect((await t.admin({ method: 'GET', url: `${base('exp-stop')}/${id}` })).statusCode).toBe(404);
  });
});
