import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { buildFlag } from '../../../testing/flag-builder.ts';

let t: TestApp;

/** Records that the flag was enabled in the environment at the given time, as the Admin API would. */
const enabled = (flag: string, environment: string, at: string) =>
  t.db.query(
    `INSERT INTO events (type, created_by, project, feature_name, environment, created_at)
     VALUES ('feature-environment-enabled', 'alice', 'hist', $1, $2, $3)`,
    [flag, environment, at],
  );

beforeAll(async () => {
  t = await createTestApp();
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'hist', name: 'History' } });
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'other', name: 'Other' } });
  // Through every stage: 10 days in develop, 10 in production, 10 in cleanup.
  await buildFlag(t.db, {
    name: 'hist-full',
    project: 'hist',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    archived: new Date('2026-01-31T00:00:00Z'),
  });
  await enabled('hist-full', 'development', '2026-01-03T00:00:00Z');
  await enabled('hist-full', 'production', '2026-01-11T00:00:00Z');
  await enabled('hist-full', 'production', '2026-01-15T00:00:00Z');
  await t.db.query(
    `INSERT INTO flag_completions (flag_name, status, completed_at) VALUES ('hist-full', 'kept', '2026-01-21T00:00:00Z')`,
  );
  // 4 days in develop, then 7 in production until archived, never completed.
  await buildFlag(t.db, {
    name: 'hist-short',
    project: 'hist',
    type: 'experiment',
    createdAt: new Date('2026-02-01T00:00:00Z'),
    archived: new Date('2026-02-12T00:00:00Z'),
  });
  await enabled('hist-short', 'production', '2026-02-05T00:00:00Z');
  // Archived straight from develop after 3.5 days; an enabling before its creation belongs to an earlier flag.
  await buildFlag(t.db, {
    name: 'hist-dropped',
    project: 'hist',
    createdAt: new Date('2026-03-01T00:00:00Z'),
    archived: new Date('2026-03-04T12:00:00Z'),
  });
  await enabled('hist-dropped', 'production', '2026-02-20T00:00:00Z');
  // Still in develop: it has not left the group, so it adds nothing to the historical median.
  await buildFlag(t.db, {
    name: 'hist-waiting',
    project: 'hist',
    createdAt: new Date('2026-03-01T00:00:00Z'),
  });
  // Another project: 100 days in develop, counted only when all projects are asked for.
  await buildFlag(t.db, {
    name: 'other-slow',
    project: 'other',
    createdAt: new Date('2025-01-01T00:00:00Z'),
    archived: new Date('2025-04-11T00:00:00Z'),
  });
});
afterAll(() => t.close());

type Stage = { medianDaysHistorically: number; totalFlags: number };
const trends = async (query: string) => {
  const response = await t.admin({ method: 'GET', url: `/api/admin/insights/lifecycle${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ lifecycleTrends: Record<'develop' | 'production' | 'cleanup', Stage> }>()
    .lifecycleTrends;
};

describe('GET /api/admin/insights/lifecycle: the historical median', () => {
  it('is the median of the days flags stayed in each stage group before leaving it', async () => {
    const { develop, production, cleanup } = await trends('?projects=hist');
    // develop: 10, 4 and 3.5 days; production: 10 and 7; cleanup: 10.
    expect(develop.medianDaysHistorically).toBe(4);
    expect(production.medianDaysHistorically).toBe(8.5);
    expect(cleanup.medianDaysHistorically).toBe(10);
    // Only hist-waiting is in a stage now.
    expect(develop.totalFlags).toBe(1);
    expect(production.totalFlags).toBe(0);
  });

  it('takes in every project when none is named', async () => {
    const { develop, production } = await trends('');
    // develop: 3.5, 4, 10 and 100 days.
    expect(develop.medianDaysHistorically).toBe(7);
    expect(production.medianDaysHistorically).toBe(8.5);
  });

  it('is 0 where no flag has left the group', async () => {
    const { develop, production, cleanup } = await trends('?projects=other');
    expect(develop.medianDaysHistorically).toBe(100);
    expect(production.medianDaysHistorically).toBe(0);
    expect(cleanup.medianDaysHistorically).toBe(0);
  });
});
