import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { createTestDb } from '../../../testing/test-db.ts';
import { maintainImpactMetrics } from './impact-metric-rollup.ts';
import { createImpactMetricService } from './impact-metric-service.ts';
import type { ImpactMetricWire } from '../../sdk-serving/index.ts';

// Real SQL, a mocked clock: samples recorded at chosen times, rolled up and pruned as the clock moves.
let db: Db;
let clock: Date;
const warnings: string[] = [];

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

const at = (iso: string) => (clock = new Date(iso));
const counter = (name: string, value: number, labels: Record<string, string> = {}): ImpactMetricWire => ({
  name,
  help: 'help',
  type: 'counter',
  samples: [{ labels, value }],
});
const count = async (table: string) =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

describe('impact metrics over time', () => {
  const service = () =>
    createImpactMetricService({ db, now: () => clock, maxSeriesPerApp: 3, warn: (m) => warnings.push(m) });

  it('roll up into 5-minute and hourly buckets that the day and week ranges read', async () => {
    const impact = service();
    at('2026-03-01T10:00:10Z');
    await impact.record({ metrics: [counter('orders', 2)], appName: 'shop', tokenEnvironment: 'production' });
    at('2026-03-01T10:03:00Z');
    await impact.record({ metrics: [counter('orders', 3)], appName: 'shop', tokenEnvironment: 'production' });
    at('2026-03-01T10:07:00Z');
    await impact.record({ metrics: [counter('orders', 4)], appName: 'shop', tokenEnvironment: 'production' });

    // Nothing is complete yet at 10:05:10 (the grace period): nothing rolled up, the day range reads raw samples.
    await maintainImpactMetrics(db, at('2026-03-01T10:05:10Z'));
    expect(await count('impact_metric_rollups')).toBe(0);
    at('2026-03-01T10:08:00Z');
    const before = await impact.query({ metricName: 'orders', range: 'day', labels: {} });
    expect(before.series[0]!.data.map(([, v]) => v)).toEqual(['5', '4']);

    await maintainImpactMetrics(db, at('2026-03-01T11:01:00Z'));
    const fiveMinutes = await db.query<{ bucket_start: Date; value_sum: number }>(
      'SELECT bucket_start, value_sum FROM impact_metric_rollups WHERE resolution_seconds = 300 ORDER BY bucket_start',
    );
    expect(fiveMinutes.map((r) => [new Date(r.bucket_start).toISOString(), r.value_sum])).toEqual([
      ['2026-03-01T10:00:00.000Z', 5],
      ['2026-03-01T10:05:00.000Z', 4],
    ]);
    const day = await impact.query({ metricName: 'orders', range: 'day', labels: {} });
    expect(day.series[0]!.data).toEqual([
      [Date.parse('2026-03-01T10:00:00Z') / 1000, '5'],
      [Date.parse('2026-03-01T10:05:00Z') / 1000, '4'],
    ]);
    const week = await impact.query({ metricName: 'orders', range: 'week', labels: {} });
    expect(week.series[0]!.data).toEqual([[Date.parse('2026-03-01T10:00:00Z') / 1000, '9']]);
    // Rolling up again changes nothing: each bucket is rolled up once.
    await maintainImpactMetrics(db, at('2026-03-01T11:02:00Z'));
    expect(
      (await impact.query({ metricName: 'orders', range: 'week', labels: {} })).series[0]!.data[0]![1],
    ).toBe('9');
  });

  it('keep raw samples two hours, 5-minute buckets two days and hourly ones 35 days', async () => {
    await maintainImpactMetrics(db, at('2026-03-01T12:10:00Z'));
    expect(await count('impact_metric_samples')).toBe(0);
    await maintainImpactMetrics(db, at('2026-03-03T10:30:00Z'));
    expect(await count('impact_metric_rollups WHERE resolution_seconds = 300')).toBe(0);
    expect(await count('impact_metric_rollups WHERE resolution_seconds = 3600')).toBe(1);
    await maintainImpactMetrics(db, at('2026-04-05T11:00:00Z'));
    expect(await count('impact_metric_rollups')).toBe(0);
    // With no data left, the series goes too.
    expect(await count("impact_metric_series WHERE name = 'orders'")).toBe(0);
  });

  it('stop at the series limit of an application, with a warning', async () => {
    const impact = service();
    at('2026-05-01T10:00:00Z');
    const many = ['a', 'b', 'c', 'd', 'e'].map((flag) => counter('clicks', 1, { [flag]: 'enabled' }));
    await impact.record({ metrics: many, appName: 'busy', tokenEnvironment: 'production' });
    await impact.record({ metrics: [counter('clicks', 1)], appName: 'calm', tokenEnvironment: 'production' });
    expect(await count("impact_metric_series WHERE app_name = 'busy'")).toBe(3);
    expect(await count("impact_metric_series WHERE app_name = 'calm'")).toBe(1);
    expect(warnings).toEqual([expect.stringContaining('application "busy" reached its limit of 3 series')]);
    // Known series keep being recorded at the limit.
    await impact.record({ metrics: many.slice(0, 1), appName: 'busy', tokenEnvironment: 'production' });
    const metadata = await impact.metadata();
    expect(metadata.warnings).toEqual([
      expect.objectContaining({
        appName: 'busy',
        droppedSamples: 2,
        message: expect.stringContaining('limit of 3'),
      }),
    ]);
    const clicks = await impact.query({ metricName: 'clicks', range: 'hour', labels: { appName: ['busy'] } });
    expect(clicks.series.map((s) => s.data[0]![1]).sort()).toEqual(['1', '1', '2']);
  });

  it('add up gauges across label sets for sum, and average them for avg', async () => {
    const impact = service();
    at('2026-06-01T10:00:05Z');
    const gauge = (value: number, instance: string): ImpactMetricWire => ({
      name: 'workers',
      help: 'busy workers',
      type: 'gauge',
      samples: [{ labels: { pod: instance }, value }],
    });
    await impact.record({ metrics: [gauge(4, 'p1'), gauge(6, 'p2')], appName: 'jobs' });
    await impact.record({ metrics: [gauge(8, 'p1')], appName: 'jobs' });
    const sum = await impact.query({
      metricName: 'workers',
      range: 'hour',
      aggregationMode: 'sum',
      labels: {},
    });
    expect(sum.series).toEqual([{ metric: {}, data: [[expect.any(Number), '12']] }]);
    const avg = await impact.query({ metricName: 'workers', range: 'hour', labels: {} });
    expect(avg.series.map((s) => [s.metric.pod, s.data[0]![1]])).toEqual([
      ['p1', '6'],
      ['p2', '6'],
    ]);
    expect(avg.labels).toMatchObject({ environment: ['default'], pod: ['p1', 'p2'] });
  });

  it('are rolled up once when several processes run the round at the same time', async () => {
    const impact = service();
    at('2026-07-01T10:01:00Z');
    await impact.record({
      metrics: [counter('payments', 7)],
      appName: 'pay',
      tokenEnvironment: 'production',
    });
    const later = new Date('2026-07-01T11:05:00Z');
    // On PostgreSQL each round runs on its own connection; the roll-up marks' row locks let one of them act.
    await Promise.all([
      maintainImpactMetrics(db, later),
      maintainImpactMetrics(db, later),
      maintainImpactMetrics(db, later),
    ]);
    const rows = await db.query<{ resolution_seconds: number; value_sum: number }>(
      `SELECT r.resolution_seconds, r.value_sum FROM impact_metric_rollups r
         JOIN impact_metric_series s ON s.id = r.series_id WHERE s.name = 'payments' ORDER BY 1`,
    );
    expect(rows.map((r) => [r.resolution_seconds, r.value_sum])).toEqual([
      [300, 7],
      [3600, 7],
    ]);
  });
});
