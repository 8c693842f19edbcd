// @vitest-environment node
// Opens the embedded database in both passes: CI's PostgreSQL pass leaves its files out. (The edge it starts has
// no database of its own.)
import type { Page } from 'playwright-core';
import { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdgeProcess, type EdgeProcess } from '../../server/src/testing/edge-process.ts';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing } from './browser.ts';

const missing = browserMissing();

/**
 * Impact metrics from the official Node SDK to the chart: sent straight to Switchyard and through Switchyard Edge,
 * read back from the query API, and drawn on the Impact metrics screen and the flag page.
 */
describe.skipIf(missing)(
  'admin UI in Chromium: impact metrics from the Node SDK',
  { timeout: 120_000 },
  () => {
    let session: AdminSession;
    let page: Page;
    let edge: EdgeProcess | undefined;
    let clientToken: string;
    const api = (method: string, url: string, body?: unknown) => session.api(method, url, body);
    const read = (query: Record<string, string>) =>
      api('GET', `/api/admin/impact-metrics?${new URLSearchParams({ range: 'hour', ...query })}`);

    beforeAll(async () => {
      session = await openAdminSession();
      page = session.page;
      await api('POST', '/api/admin/projects/default/features', { name: 'new-checkout' });
      await api('POST', '/api/admin/projects/default/features/new-checkout/environments/development/on');
      ({ secret: clientToken } = await api('POST', '/api/admin/api-tokens', {
        tokenName: 'checkout-service',
        type: 'client',
        environment: 'development',
        projects: ['*'],
      }));
      await session.signIn();
    });
    stopAfterFirstFailure(() => page);
    afterAll(async () => {
      await edge?.stop();
      await session?.close();
    });

    /** One SDK reporting one round of metrics, as an application would: defined, recorded, flushed. */
    async function report(url: string, appName: string, errors: number, latencies: number[]) {
      const sdk = new Unleash({
        url: `${url}/api/`,
        appName,
        instanceId: `${appName}-1`,
        customHeaders: { Authorization: clientToken },
        refreshInterval: 60_000,
        metricsInterval: 3_600_000,
        storageProvider: { set: async () => undefined, get: async () => undefined } as never,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          sdk.once('synchronized', () => resolve());
          sdk.once('error', reject);
        });
        const flagContext = { flagNames: ['new-checkout'], context: { userId: 'u1' } };
        sdk.impactMetrics.defineCounter('checkout_errors', 'Failed checkouts');
        sdk.impactMetrics.defineGauge('checkout_queue', 'Orders waiting');
        sdk.impactMetrics.defineHistogram('checkout_latency_seconds', 'Checkout latency', [0.1, 0.5, 1, 5]);
        sdk.impactMetrics.incrementCounter('checkout_errors', errors, flagContext);
        sdk.impactMetrics.updateGauge('checkout_queue', 7, flagContext);
        for (const latency of latencies)
          sdk.impactMetrics.observeHistogram('checkout_latency_seconds', latency, flagContext);
        await sdk.flushMetrics();
      } finally {
        sdk.destroy();
      }
    }

    async function seriesOf(query: Record<string, string>, appName: string) {
      let found: { metric: Record<string, string>; data: [number, string][] } | undefined;
      await expect
        .poll(
          async () => {
            found = (await read(query)).series.find(
              (s: { metric: Record<string, string> }) => s.metric.appName === appName,
            );
            return found !== undefined;
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      return found!;
    }

    it('takes what the SDK sends straight to Switchyard into the query API', async () => {
      await report(session.server.url, 'checkout-direct', 5, [0.2, 0.3, 2]);
      const counter = await seriesOf({ metricName: 'unleash_counter_checkout_errors' }, 'checkout-direct');
      expect(counter.metric).toEqual({
        appName: 'checkout-direct',
        environment: 'development',
        'new-checkout': 'enabled',
      });
      expect(counter.data.at(-1)![1]).toBe('5');
      const histogram = await seriesOf(
        { metricName: 'checkout_latency_seconds', aggregationMode: 'count' },
        'checkout-direct',
      );
      expect(histogram.data.at(-1)![1]).toBe('3');
    });

    it('takes what the SDK sends through Switchyard Edge the same way', async () => {
      edge = await startEdgeProcess({
        UPSTREAM_URL: session.server.url,
        TOKENS: clientToken,
        FEATURES_REFRESH_INTERVAL_SECONDS: '60',
        METRICS_INTERVAL_SECONDS: '0.2',
      });
      await report(edge.url, 'checkout-edge', 2, [0.05]);
      const counter = await seriesOf({ metricName: 'checkout_errors' }, 'checkout-edge');
      expect(counter.metric).toEqual({
        appName: 'checkout-edge',
        environment: 'development',
        'new-checkout': 'enabled',
      });
      expect(counter.data.at(-1)![1]).toBe('2');
      const gauge = await seriesOf({ metricName: 'unleash_gauge_checkout_queue' }, 'checkout-edge');
      expect(gauge.data.at(-1)![1]).toBe('7');
    });

    it('draws the metric on the Impact metrics screen, with axes, unit and a threshold line', async () => {
      await session.go('/impact-metrics');
      await page.getByRole('heading', { level: 1, name: 'Impact metrics' }).waitFor();
      await session.pick(page, 'Impact metric', /checkout_errors \(counter\)/);
      const chart = page.getByTestId('impact-metric-chart');
      // One line per application; the caption says what the chart shows.
      await expect
        .poll(() => chart.locator('figcaption').textContent(), { timeout: 20_000 })
        .toMatch(/checkout_errors · Count per step: 2 series, highest 5 per 1m/);
      expect(await chart.locator('.recharts-line').count()).toBe(2);
      await chart.getByText('Value (per 1m)').waitFor();
      await chart.getByText('Time', { exact: true }).waitFor();
      await page.getByLabel('Threshold line').fill('4');
      await chart.locator('.recharts-reference-line line').waitFor({ state: 'attached' });
      await chart.getByText('Threshold 4 per 1m', { exact: true }).waitFor();
      await session.checkScreen('impact-metrics');

      await session.pick(page, 'Impact metric', /checkout_latency_seconds \(histogram\)/);
      await session.pick(page, 'Reading', 'Count per step');
      await expect.poll(() => chart.locator('figcaption').textContent()).toContain('highest 3 per 1m');
    });

    it("shows the flag's impact metrics on the flag page", async () => {
      await session.go('/projects/default/flags/new-checkout');
      await page.getByRole('tab', { name: 'Impact metrics' }).click();
      await session.pick(page, 'Impact metric', /checkout_queue \(gauge\)/);
      const chart = page.getByTestId('impact-metric-chart');
      await expect
        .poll(() => chart.locator('figcaption').textContent(), { timeout: 20_000 })
        .toMatch(/checkout_queue · Average: 2 series, highest 7/);
      await session.checkScreen('flag-impact-metrics');
    });
  },
);
