import { Unleash } from 'unleash-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEdgeProcess, type EdgeProcess } from '../src/testing/edge-process.ts';
import { buildFlag } from '../src/testing/flag-builder.ts';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../src/testing/test-app.ts';

// The official Node SDK reports impact metrics to `npm run edge`, which forwards them to a Switchyard in bulk.
let t: TestApp;
let edge: EdgeProcess;

beforeAll(async () => {
  t = await createTestApp();
  await buildFlag(t.db, {
    name: 'edge-checkout',
    environments: { development: { enabled: true, strategies: [{}] } },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const upstream = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  edge = await startEdgeProcess({
    UPSTREAM_URL: upstream,
    TOKENS: CLIENT_TOKEN,
    FEATURES_REFRESH_INTERVAL_SECONDS: '60',
    METRICS_INTERVAL_SECONDS: '0.2',
  });
}, 180_000);
afterAll(async () => {
  await edge?.stop();
  await t?.close();
});

const read = (query: Record<string, string>) =>
  t.admin({ method: 'GET', url: `/api/admin/impact-metrics?${new URLSearchParams(query)}` });

async function until<T>(what: string, value: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await value();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('impact metrics an SDK sends to Switchyard Edge reach the query API with their labels', async () => {
  const sdk = new Unleash({
    url: `${edge.url}/api/`,
    appName: 'edge-impact-app',
    instanceId: 'edge-impact-1',
    customHeaders: { Authorization: CLIENT_TOKEN },
    refreshInterval: 60_000,
    metricsInterval: 3_600_000,
    storageProvider: { set: async () => undefined, get: async () => undefined } as never,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      sdk.once('synchronized', () => resolve());
      sdk.once('error', reject);
    });
    const flagContext = { flagNames: ['edge-checkout'], context: { userId: 'u1' } };
    sdk.impactMetrics.defineCounter('edge_errors', 'Errors behind the edge');
    sdk.impactMetrics.defineGauge('edge_queue', 'Queue behind the edge');
    sdk.impactMetrics.defineHistogram('edge_latency', 'Latency behind the edge', [0.1, 1]);
    sdk.impactMetrics.incrementCounter('edge_errors', 3, flagContext);
    sdk.impactMetrics.updateGauge('edge_queue', 11);
    sdk.impactMetrics.observeHistogram('edge_latency', 0.5, flagContext);
    await sdk.flushMetrics();
  } finally {
    sdk.destroy();
  }

  const counter = await until('the counter upstream', async () => {
    const series = (await read({ metricName: 'unleash_counter_edge_errors', range: 'hour' })).json().series;
    return series.length ? series : undefined;
  });
  expect(counter[0].metric).toEqual({
    appName: 'edge-impact-app',
    environment: 'development',
    'edge-checkout': 'enabled',
  });
  expect(counter[0].data[0][1]).toBe('3');
  const gauge = await until('the gauge upstream', async () => {
    const series = (await read({ metricName: 'edge_queue', range: 'hour' })).json().series;
    return series.length ? series : undefined;
  });
  expect(gauge[0].data[0][1]).toBe('11');
  const histogram = (
    await read({ metricName: 'edge_latency', range: 'hour', aggregationMode: 'count' })
  ).json();
  expect(histogram.series[0].data[0][1]).toBe('1');
});
