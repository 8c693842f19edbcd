/**
 * The `integrations` scenario of `npm run bench`, in-process on the embedded database (or DATABASE_URL): 1,000 flag
 * changes (turning one flag on and off through the Admin API) with 3 webhook integrations, each to its own HTTP
 * receiver on 127.0.0.1. It reports deliveries per second (3,000 deliveries from the first change to the last
 * arrival) and the lag of each delivery from its event's createdAt to its arrival (p50, p99), with the worker's
 * default settings (1-second poll, 10 deliveries in flight).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../src/testing/test-app.ts';

export type IntegrationBench = {
  changes: number;
  integrations: number;
  deliveries: number;
  seconds: number;
  deliveriesPerSecond: number;
  lagMs: { p50: number; p99: number; max: number };
  changeRequestMs: { p50: number; p99: number };
};

const CHANGES = Number(process.env.BENCH_CHANGES ?? 1000);
const INTEGRATIONS = 3;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** A receiver that notes, per request, the event's createdAt and the arrival time. */
async function lagReceiver(lags: number[]): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrived = Date.now();
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { createdAt: string };
      lags.push(arrived - new Date(event.createdAt).getTime());
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export async function measureIntegrations(say: (message: string) => void): Promise<IntegrationBench> {
  const lags: number[] = [];
  const receivers = await Promise.all(Array.from({ length: INTEGRATIONS }, () => lagReceiver(lags)));
  const t = await createTestApp({ INTEGRATION_ALLOWED_HOSTS: '127.0.0.1' });
  try {
    for (const receiver of receivers) {
      const response = await t.admin({
        method: 'POST',
        url: '/api/admin/addons',
        payload: {
          provider: 'webhook',
          enabled: true,
          parameters: { url: `${receiver.url}/hook` },
          events: ['feature-environment-enabled', 'feature-environment-disabled'],
        },
      });
      if (response.statusCode !== 200) throw new Error(`creating an integration failed: ${response.body}`);
    }
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects/default/features',
      payload: { name: 'bench' },
    });
    say(`${CHANGES} flag changes with ${INTEGRATIONS} webhook integrations`);
    const requestMs: number[] = [];
    const started = Date.now();
    for (let i = 0; i < CHANGES; i++) {
      const before = performance.now();
      const response = await t.admin({
        method: 'POST',
        url: `/api/admin/projects/default/features/bench/environments/development/${i % 2 ? 'off' : 'on'}`,
      });
      if (response.statusCode >= 300) throw new Error(`change ${i} failed: ${response.body}`);
      requestMs.push(performance.now() - before);
    }
    const expected = CHANGES * INTEGRATIONS;
    const deadline = Date.now() + 10 * 60_000;
    while (lags.length < expected) {
      if (Date.now() > deadline) throw new Error(`only ${lags.length} of ${expected} deliveries arrived`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (Date.now() - started) / 1000;
    return {
      changes: CHANGES,
      integrations: INTEGRATIONS,
      deliveries: lags.length,
      seconds: Number(seconds.toFixed(1)),
      deliveriesPerSecond: Math.round(lags.length / seconds),
      lagMs: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: Math.max(...lags) },
      changeRequestMs: {
        p50: Number(percentile(requestMs, 50).toFixed(1)),
        p99: Number(percentile(requestMs, 99).toFixed(1)),
      },
    };
  } finally {
    await t.close();
    for (const receiver of receivers) await new Promise((resolve) => receiver.server.close(resolve));
  }
}
