/**
 * The `change-requests` scenario of `npm run bench`, in-process on the embedded database (or DATABASE_URL):
 * - applying a reviewed request of 20 changes (10 flags: add a strategy, turn on), timed from PUT state Applied to
 *   its answer, over several requests;
 * - the scheduler's delay: 100 requests scheduled a few seconds ahead at staggered times, each measured from its
 *   scheduledAt to when it was applied (the state timestamp), with the real 1-second poll.
 */
import { grant, type Person, projectRole, signedIn } from '../src/testing/people.ts';
import { createTestApp, type TestApp } from '../src/testing/test-app.ts';

export type ChangeRequestBench = {
  apply20: { runs: number; medianMs: number; p99Ms: number; maxMs: number };
  scheduler: { requests: number; p50Ms: number; p99Ms: number; maxMs: number };
};

const P = '/api/admin/projects/bench';
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function setUp(t: TestApp) {
  await t.admin({ method: 'POST', url: '/api/admin/projects', payload: { id: 'bench', name: 'Bench' } });
  const reviews = await projectRole(t, 'Bench reviewer', [
    { name: 'APPROVE_CHANGE_REQUEST', environment: 'production' },
    { name: 'APPLY_CHANGE_REQUEST', environment: 'production' },
  ]);
  const author = await signedIn(t, 'bench-author');
  const reviewer = await signedIn(t, 'bench-reviewer');
  await grant(t, 'bench', [author.id, reviewer.id], [5, reviews]);
  await t.admin({
    method: 'PUT',
    url: `${P}/environments/production/change-requests/config`,
    payload: { changeRequestsEnabled: true },
  });
  return { author, reviewer };
}

async function approvedRequest(
  t: TestApp,
  author: Person,
  reviewer: Person,
  changes: object[],
): Promise<number> {
  const drafted = await author.send({
    method: 'POST',
    url: `${P}/environments/production/change-requests`,
    payload: changes,
  });
  if (drafted.statusCode !== 200) throw new Error(`drafting failed: ${drafted.body}`);
  const id = drafted.json().id as number;
  await author.send({
    method: 'PUT',
    url: `${P}/change-requests/${id}/state`,
    payload: { state: 'In review' },
  });
  const approved = await reviewer.send({
    method: 'PUT',
    url: `${P}/change-requests/${id}/state`,
    payload: { state: 'Approved' },
  });
  if (approved.json().state !== 'Approved') throw new Error(`approval failed: ${approved.body}`);
  return id;
}

let flags = 0;
async function newFlags(t: TestApp, count: number): Promise<string[]> {
  const names = [];
  for (let i = 0; i < count; i++) {
    const name = `bench-flag-${flags++}`;
    await t.admin({ method: 'POST', url: `${P}/features`, payload: { name } });
    names.push(name);
  }
  return names;
}

export async function measureChangeRequests(say: (message: string) => void): Promise<ChangeRequestBench> {
  const t = await createTestApp();
  try {
    const { author, reviewer } = await setUp(t);
    say('applying reviewed requests of 20 changes');
    const applyTimes: number[] = [];
    for (let run = 0; run < 12; run++) {
      const names = await newFlags(t, 10);
      const changes = names.flatMap((feature) => [
        {
          feature,
          action: 'addStrategy',
          payload: { name: 'flexibleRollout', parameters: { rollout: '25' } },
        },
        { feature, action: 'updateEnabled', payload: { enabled: true } },
      ]);
      const id = await approvedRequest(t, author, reviewer, changes);
      const started = performance.now();
      const applied = await author.send({
        method: 'PUT',
        url: `${P}/change-requests/${id}/state`,
        payload: { state: 'Applied' },
      });
      const took = performance.now() - started;
      if (applied.json().state !== 'Applied') throw new Error(`apply failed: ${applied.body}`);
      if (run >= 2) applyTimes.push(took); // the first two warm up
    }

    const count = 100;
    say(`scheduling ${count} requests a few seconds ahead`);
    const names = await newFlags(t, count);
    const ids: number[] = [];
    for (const feature of names) {
      ids.push(
        await approvedRequest(t, author, reviewer, [
          { feature, action: 'updateEnabled', payload: { enabled: true } },
        ]),
      );
    }
    const start = Date.now() + 3000;
    const times = new Map<number, number>();
    for (const [i, id] of ids.entries()) {
      const at = start + i * 37; // spread over ~4 s, so requests fall at every point of the poll
      times.set(id, at);
      await author.send({
        method: 'PUT',
        url: `${P}/change-requests/${id}/state`,
        payload: { state: 'Scheduled', scheduledAt: new Date(at).toISOString() },
      });
    }
    say('waiting for the scheduler');
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [row] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM change_requests WHERE id = ANY($1) AND state = 'Applied'`,
        [ids],
      );
      if (row!.n === ids.length || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const rows = await t.db.query<{ id: number; applied: string | null }>(
      `SELECT id, state_timestamps->>'Applied' AS applied FROM change_requests WHERE id = ANY($1)`,
      [ids],
    );
    const delays = rows.map((row) => (row.applied ? Date.parse(row.applied) - times.get(row.id)! : Infinity));
    return {
      apply20: {
        runs: applyTimes.length,
        medianMs: percentile(applyTimes, 50),
        p99Ms: percentile(applyTimes, 99),
        maxMs: Math.max(...applyTimes),
      },
      scheduler: {
        requests: delays.length,
        p50Ms: percentile(delays, 50),
        p99Ms: percentile(delays, 99),
        maxMs: Math.max(...delays),
      },
    };
  } finally {
    await t.close();
  }
}
