import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { countRows } from '../../../testing/db-queries.ts';
import { createTestDb } from '../../../testing/test-db.ts';
import { insertConversions } from './conversion-store.ts';
import { pruneTrackedTotals, TRACKED_TOTALS_RETENTION_DAYS } from './tracked-totals-pruning.ts';

/** Users' tracked totals (CUPED's pre-period) stay bounded: those not seen within the retention are pruned. */
let db: Db;
const DAY = 86_400_000;
const now = new Date('2026-12-01T12:00:00Z');

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.close();
});

describe('pruning tracked totals', () => {
  it('deletes the users last seen before the retention and keeps the others, whole', async () => {
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    await insertConversions(db, [
      {
        environment: 'production',
        event: 'purchase',
        user: 'gone',
        value: 5,
        at: at(TRACKED_TOTALS_RETENTION_DAYS + 1),
      },
      {
        environment: 'production',
        event: 'purchase',
        user: 'kept',
        value: 5,
        at: at(TRACKED_TOTALS_RETENTION_DAYS + 5),
      },
      { environment: 'production', event: 'purchase', user: 'kept', value: 7, at: at(3) },
    ]);
    expect(await countRows(db, 'tracked_user_totals')).toBe(2);
    expect(await pruneTrackedTotals(db, now)).toBe(1);
    const left = await db.query<{ user_id: string; events: number; value_sum: number }>(
      'SELECT user_id, events::int AS events, value_sum FROM tracked_user_totals',
    );
    expect(left).toEqual([{ user_id: 'kept', events: 2, value_sum: 12 }]);
    expect(await pruneTrackedTotals(db, now)).toBe(0);
  });
});
