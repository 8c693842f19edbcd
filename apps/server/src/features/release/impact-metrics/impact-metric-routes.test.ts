import { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { ADMIN_TOKEN, CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await buildFlag(t.db, {
    name: 'new-checkout',
    environments: { development: { enabled: true, strategies: [{}] } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 180_000);
afterAll(() => t.close());

const read = (query: Record<string, string>) =>
  t.admin({ method: 'GET', url: `/api/admin/impact-metrics?${new URLSearchParams(query)}` });

const connect = async (appName: string) => {
  const sdk = new Unleash({
    url: `${base}/api/`,
    appName,
    instanceId: `${appName}-1`,
    customHeaders: { Authorization: CLIENT_TOKEN },
    refreshInterval: 60_000,
    // Sent by flushMetrics() below, not by a timer.
    metricsInterval: 3_600_000,
    storageProvider: { set: async () => undefined, get: async () => undefined } as never,
  });
  await new Promise<void>((resolve, reject) => {
    sdk.once('synchronized', () => resolve());
    sdk.once('error', reject);
  });
  return sdk;
};

describe('impact metrics from the official Node SDK', () => {
  it('are stored with their labels and read back as time series', async () => {
    const sdk = await connect('impact-app');
    try {
      const metrics = sdk.impactMetrics;
      metrics.defineCounter('checkout_errors', 'Failed checkouts');
      metrics.defineGauge('queue_depth', 'Jobs waiting');
      metrics.defineHistogram('checkout_seconds', 'Checkout duration', [0.1, 0.5, 1]);
      const flagContext = { flagNames: ['new-checkout'], context: { userId: 'u1' } };
      metrics.incrementCounter('checkout_errors', 2, flagContext);
      metrics.incrementCounter('checkout_errors', 3, flagContext);
      metrics.updateGauge('queue_depth', 7);
      for (const seconds of [0.05, 0.2, 0.3, 0.7])
        metrics.observeHistogram('checkout_seconds', seconds, flagContext);
      await sdk.flushMetrics();
    } finally {
      sdk.destroy();
    }

    const metadata = await t.admin({ method: 'GET', url: '/api/admin/impact-metrics/metadata' });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json().series).toMatchObject({
      unleash_counter_checkout_errors: {
        type: 'counter',
        help: 'Failed checkouts',
        displayName: 'checkout_errors',
      },
      unleash_gauge_queue_depth: { type: 'gauge', help: 'Jobs waiting', displayName: 'queue_depth' },
      unleash_histogram_checkout_seconds: { type: 'histogram', displayName: 'checkout_seconds' },
    });

    const counter = await read({
      metricName: 'unleash_counter_checkout_errors',
      range: 'hour',
      aggregationMode: 'count',
    });
    expect(counter.statusCode).toBe(200);
    const body = counter.json();
    expect(body.step).toBe('1m');
    expect(body.series).toHaveLength(1);
    expect(body.series[0].metric).toEqual({
      appName: 'impact-app',
      environment: 'development',
      'new-checkout': 'enabled',
    });
    expect(body.series[0].data).toEqual([[expect.any(Number), '5']]);
    expect(body.labels).toMatchObject({ 'new-checkout': ['enabled'], appName: ['impact-app'] });

    const rps = (await read({ metricName: 'checkout_errors', range: 'hour', aggregationMode: 'rps' })).json();
    expect(Number(rps.series[0].data[0][1])).toBeCloseTo(5 / 60);

    const gauge = (await read({ series: 'unleash_gauge_queue_depth', range: 'hour' })).json();
    expect(gauge.series[0].data[0][1]).toBe('7');

    const p50 = (
      await read({ metricName: 'checkout_seconds', range: 'hour', aggregationMode: 'p50' })
    ).json();
    // Four observations: 0.05 | 0.2, 0.3 | 0.7 across the bounds 0.1, 0.5, 1: the 2nd lies in (0.1, 0.5].
    expect(Number(p50.series[0].data[0][1])).toBeCloseTo(0.1 + 0.4 * (1 / 2));
    const count = (
      await read({ metricName: 'checkout_seconds', range: 'hour', aggregationMode: 'count' })
    ).json();
    expect(count.series[0].data[0][1]).toBe('4');
  });

  it('select series by their labels, and the day range reads what is not rolled up yet', async () => {
    const selected = await read({
      metricName: 'checkout_errors',
      range: 'day',
      labels: JSON.stringify({ environment: ['development'] }),
    });
    expect(selected.json().step).toBe('5m');
    expect(selected.json().series[0].data[0][1]).toBe('5');
    const none = await read({
      metricName: 'checkout_errors',
      range: 'hour',
      labels: JSON.stringify({ environment: 'production' }),
    });
    expect(none.json().series).toEqual([]);
  });

  it('are labelled with the token environment, not the one a sample claims', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/client/metrics',
      headers: { authorization: CLIENT_TOKEN },
      payload: {
        appName: 'claims-app',
        impactMetrics: [
          {
            name: 'claimed',
            help: 'h',
            type: 'counter',
            samples: [{ labels: { environment: 'production' }, value: 1 }],
          },
        ],
      },
    });
    expect(sent.statusCode).toBe(202);
    const answer = (await read({ metricName: 'claimed', range: 'hour' })).json();
    expect(answer.series[0].metric).toEqual({ appName: 'claims-app', environment: 'development' });
  });

  it('arrive through the bulk operation an edge calls, each sample under its appName label', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/client/metrics/bulk',
      headers: { authorization: CLIENT_TOKEN },
      payload: {
        applications: [],
        metrics: [],
        impactMetrics: [
          {
            name: 'bulk_jobs',
            help: 'Jobs',
            type: 'counter',
            samples: [{ labels: { appName: 'worker' }, value: 4 }],
          },
        ],
      },
    });
    expect(sent.statusCode).toBe(202);
    const answer = (await read({ metricName: 'bulk_jobs', range: 'hour' })).json();
    expect(answer.series[0].metric).toEqual({ appName: 'worker', environment: 'development' });
    expect(answer.series[0].data[0][1]).toBe('4');
  });

  it('refuse bad input with a 400 naming the field', async () => {
    const badSample = await t.app.inject({
      method: 'POST',
      url: '/api/client/metrics',
      headers: { authorization: CLIENT_TOKEN },
      payload: { appName: 'x', impactMetrics: [{ name: 'n', help: 'h', type: 'summary', samples: [] }] },
    });
    expect(badSample.statusCode).toBe(400);
    expect(JSON.stringify(badSample.json())).toContain('impactMetrics');
    const badMode = await read({ metricName: 'checkout_errors', range: 'hour', aggregationMode: 'p99' });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().details[0]).toMatchObject({ path: '/querystring/aggregationMode' });
    const badLabels = await read({ metricName: 'checkout_errors', range: 'hour', labels: '{nope' });
    expect(badLabels.statusCode).toBe(400);
    expect(badLabels.json().details[0]).toMatchObject({ path: '/querystring/labels' });
    const noName = await read({ range: 'hour' });
    expect(noName.statusCode).toBe(400);
    const badRange = await read({ metricName: 'checkout_errors', range: 'year' });
    expect(badRange.statusCode).toBe(400);
    const unknown = await read({ metricName: 'never_sent', range: 'week' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().series).toEqual([]);
  });

  it('need a signed-in caller; Unleash UI path with a trailing slash answers too', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/impact-metrics/metadata' });
    expect(anonymous.statusCode).toBe(401);
    const viewer = await t.as('Viewer');
    expect((await viewer({ method: 'GET', url: '/api/admin/impact-metrics/metadata' })).statusCode).toBe(200);
    const slashed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/impact-metrics/?metricName=checkout_errors&range=hour',
      headers: { authorization: ADMIN_TOKEN },
    });
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json().series).toHaveLength(1);
  });

  it("leave out labels named after a private project's flags for a caller who is no member", async () => {
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects',
      payload: { id: 'vault', name: 'Vault', mode: 'private' },
    });
    await buildFlag(t.db, { name: 'vault-flag', project: 'vault', environments: {} });
    await t.app.inject({
      method: 'POST',
      url: '/api/client/metrics',
      headers: { authorization: CLIENT_TOKEN },
      payload: {
        appName: 'vault-app',
        impactMetrics: [
          {
            name: 'vault_hits',
            help: 'h',
            type: 'counter',
            samples: [{ labels: { 'vault-flag': 'enabled' }, value: 2 }],
          },
        ],
      },
    });
    const asAdmin = (await read({ metricName: 'vault_hits', range: 'hour' })).json();
    expect(asAdmin.series[0].metric).toHaveProperty('vault-flag', 'enabled');
    const viewer = await t.as('Viewer');
    const url = `/api/admin/impact-metrics?${new URLSearchParams({ metricName: 'vault_hits', range: 'hour' })}`;
    const asViewer = (await viewer({ method: 'GET', url })).json();
    expect(asViewer.series[0].metric).toEqual({ appName: 'vault-app', environment: 'development' });
    expect(JSON.stringify(asViewer)).not.toContain('vault-flag');
    const selecting = `${url}&${new URLSearchParams({ labels: JSON.stringify({ 'vault-flag': ['enabled'] }) })}`;
    expect((await viewer({ method: 'GET', url: selecting })).json().series).toEqual([]);
  });
});
