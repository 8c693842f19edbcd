import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { createTestDb } from '../../../testing/test-db.ts';
import { createImpactMetricService, maintainImpactMetrics } from '../../release/index.ts';
import { readImpactCounts } from './experiment-impact-read-model.ts';

// Real SQL, a mocked clock: samples at chosen times, then read over an experiment's window before and after the
// hourly roll-up has taken them (and raw samples past two hours are pruned).
let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

const at = (time: string) => new Date(`2026-03-01T${time}:00Z`);

describe("an experiment's impact-metric counts", () => {
  it('sum the increments labelled with its flag in its environment and window, from roll-ups and raw samples', async () => {
    let clock = at('10:00');
    const impact = createImpactMetricService({ db, now: () => clock });
    const send = async (
      time: string,
      value: number,
      labels: Record<string, string>,
      environment = 'development',
    ) => {
      clock = at(time);
      await impact.record({
        metrics: [{ name: 'checkouts', help: 'Checkouts', type: 'counter', samples: [{ labels, value }] }],
        appName: 'shop',
        tokenEnvironment: environment,
      });
    };
    const treatment = { 'read-flag': 'treatment' };
    const control = { 'read-flag': 'control' };
    await send('10:10', 100, treatment); // before the start
    await send('10:30', 1, treatment); // the partial first hour
    await send('11:15', 2, treatment);
    await send('11:15', 3, control);
    await send('12:10', 5, control);
    await send('12:40', 4, treatment);
    await send('13:05', 8, treatment);
    await send('13:05', 16, treatment, 'production'); // another environment
    await send('13:05', 32, { 'other-flag': 'treatment' }); // another flag
    const experiment: Parameters<typeof readImpactCounts>[1] = {
      flagName: 'read-flag',
      environment: 'development',
      metrics: [
        {
          event: 'checkouts',
          kind: 'impact',
          role: 'primary',
          direction: 'increase',
        },
      ],
      startedAt: at('10:20'),
      stoppedAt: null,
    };
    const now = at('13:10');
    const read = async (of = experiment) =>
      Object.fromEntries((await readImpactCounts(db, of, now)).get('checkouts') ?? []);

    // Nothing rolled up yet: every raw sample in the window.
    expect(await read()).toEqual({ treatment: 1 + 2 + 4 + 8, control: 3 + 5 });

    await maintainImpactMetrics(db, now);
    const [mark] = await db.query<{ rolled_until: Date }>(
      'SELECT rolled_until FROM impact_metric_rollup_marks WHERE resolution_seconds = 3600',
    );
    expect(new Date(mark!.rolled_until).toISOString()).toBe('2026-03-01T13:00:00.000Z');
    // Whole hours 11:00 and 12:00 from the roll-up, 13:05 raw, nothing twice; the partial first hour's raw sample
    // is pruned past two hours, so it is lost (as documented).
    expect(await read()).toEqual({ treatment: 2 + 4 + 8, control: 3 + 5 });

    // Stopped at 12:30: the 11:00 hour rolled up, 12:00 to 12:30 from raw samples, nothing after the stop.
    expect(await read({ ...experiment, stoppedAt: at('12:30') })).toEqual({
      treatment: 2,
      control: 3 + 5,
    });
    // A draft has no window.
    expect(await read({ ...experiment, startedAt: null })).toEqual({});
  });
});
