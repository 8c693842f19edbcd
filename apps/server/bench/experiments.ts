/**
 * The `experiments` scenario of `npm run bench`:
 * - what recording exposures costs a Frontend API request: the same requests (a new userId each, over keep-alive
 *   HTTP to the fast path) with no experiment running and with one running on a flag every request evaluates; CPU of
 *   this process (server and load generator alike, so the share is a lower bound of the server's own) per request;
 * - the results read of an experiment with 1,000,000 exposures and 100,000 conversions, written through the same
 *   flush statements the server uses, on the embedded database or DATABASE_URL.
 */
import os from 'node:os';
import { buildFlag } from '../src/testing/flag-builder.ts';
import { createTestApp, FRONTEND_TOKEN } from '../src/testing/test-app.ts';
import { insertExposures } from '../src/features/experiments/exposures/exposure-store.ts';
import { insertConversions } from '../src/features/experiments/conversions/conversion-store.ts';

export type ExperimentsBench = {
  requests: number;
  cpuMicrosecondsPerRequest: { withoutExperiment: number; withExperiment: number; overheadPercent: number };
  seeding: {
    exposures: number;
    conversions: number;
    exposuresPerSecond: number;
    conversionsPerSecond: number;
  };
  resultsMs: { median: number; max: number };
  loadAverage: number[];
};

const REQUESTS = Number(process.env.BENCH_EXPERIMENT_REQUESTS ?? 20_000);
const CONCURRENCY = 8;
/** Rounds without and with an experiment, alternating. */
const ROUNDS = Number(process.env.BENCH_EXPERIMENT_ROUNDS ?? 3);

export async function measureExperiments(say: (message: string) => void): Promise<ExperimentsBench> {
  const t = await createTestApp({ EXPERIMENT_FLUSH_INTERVAL_MS: '1000' });
  try {
    const variants = ['control', 'treatment'].map((name) => ({
      name,
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
    }));
    for (let i = 0; i < 50; i++)
      await buildFlag(t.db, {
        name: `bench-flag-${i}`,
        environments: { development: { enabled: true, strategies: [{}], variants: i === 0 ? variants : [] } },
      });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    let user = 0;
    const run = async (count: number) => {
      let next = 0;
      const started = process.cpuUsage();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next++ < count) {
            const response = await fetch(`${url}/api/frontend?userId=u-${user++}`, {
              headers: { authorization: FRONTEND_TOKEN },
            });
            await response.text();
          }
        }),
      );
      const used = process.cpuUsage(started);
      return (used.user + used.system) / count;
    };
    await run(2_000); // warm up: token lookup, compiled state, JIT
    const base = '/api/admin/projects/default/features/bench-flag-0/environments/development/experiments';
    const write = async (method: 'POST', url: string, payload?: unknown) => {
      const response = await t.admin({ method, url, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300) throw new Error(`${url}: ${response.body}`);
      return response;
    };
    // Rounds alternate without and with a running experiment, and each side takes its median: the machine's own
    // noise (other processes, the embedded database's writes in this process) then moves both sides alike.
    const withoutRounds: number[] = [];
    const withRounds: number[] = [];
    let id = 0;
    for (let round = 0; round < ROUNDS; round++) {
      if (id) await write('POST', `${base}/${id}/stop`);
      withoutRounds.push(await run(REQUESTS));
      const created = await write('POST', base, {
        name: `bench ${round}`,
        controlVariant: 'control',
        metrics: [{ event: 'purchase', kind: 'conversion', role: 'primary' }],
      });
      id = created.json().id as number;
      await write('POST', `${base}/${id}/start`);
      await run(2_000);
      withRounds.push(await run(REQUESTS));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const without = median(withoutRounds);
    const withExperiment = median(withRounds);
    const rounded = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
    say(`without an experiment: ${without.toFixed(1)} µs CPU per request (rounds ${rounded(withoutRounds)})`);
    say(
      `with an experiment: ${withExperiment.toFixed(1)} µs CPU per request, flushes included (rounds ${rounded(withRounds)})`,
    );

    // 1,000,000 exposures and 100,000 conversions through the flush statements.
    const EXPOSURES = 1_000_000;
    const CONVERSIONS = 100_000;
    const at = new Date(Date.now() - 60_000);
    let started = performance.now();
    for (let i = 0; i < EXPOSURES; i += 5_000) {
      const batch = Array.from({ length: 5_000 }, (_, j) => ({
        experimentId: id,
        user: `seed-${i + j}`,
        variant: (i + j) % 2 === 0 ? 'control' : 'treatment',
        at,
      }));
      await insertExposures(t.db, batch);
    }
    const exposureSeconds = (performance.now() - started) / 1000;
    say(`seeded ${EXPOSURES} exposures in ${exposureSeconds.toFixed(1)} s`);
    started = performance.now();
    for (let i = 0; i < CONVERSIONS; i += 5_000) {
      const batch = Array.from({ length: 5_000 }, (_, j) => ({
        environment: 'development',
        event: 'purchase',
        user: `seed-${(i + j) * 7}`,
        value: 1,
        at: new Date(),
      }));
      await insertConversions(t.db, batch);
    }
    const conversionSeconds = (performance.now() - started) / 1000;
    say(`seeded ${CONVERSIONS} conversions in ${conversionSeconds.toFixed(1)} s`);
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const begun = performance.now();
      const response = await t.admin({ method: 'GET', url: `${base}/${id}/results` });
      if (response.statusCode !== 200) throw new Error(response.body);
      times.push(performance.now() - begun);
    }
    times.sort((a, b) => a - b);
    return {
      requests: REQUESTS,
      cpuMicrosecondsPerRequest: {
        withoutExperiment: Math.round(without * 10) / 10,
        withExperiment: Math.round(withExperiment * 10) / 10,
        overheadPercent: Math.round(((withExperiment - without) / without) * 1000) / 10,
      },
      seeding: {
        exposures: EXPOSURES,
        conversions: CONVERSIONS,
        exposuresPerSecond: Math.round(EXPOSURES / exposureSeconds),
        conversionsPerSecond: Math.round(CONVERSIONS / conversionSeconds),
      },
      resultsMs: { median: Math.round(times[3]! * 10) / 10, max: Math.round(times[6]! * 10) / 10 },
      loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
    };
  } finally {
    await t.close();
  }
}
