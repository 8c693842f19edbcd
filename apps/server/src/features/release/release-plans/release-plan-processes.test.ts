import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../../testing/migrated-template.ts';
import { createPgDatabase } from '../../../testing/pg-database.ts';
import { startServerProcess } from '../../../testing/server-process.ts';
import { createTestApp } from '../../../testing/test-app.ts';
import { progressNextDue } from './release-plan-scheduler.ts';

/**
 * Automatic progression is decided once by the database (decision record 0040): on PostgreSQL two server processes
 * from the bundle poll one database every 50 ms, and each milestone's transition happens once, whoever sees it first.
 * On the embedded database, which one process holds, the same plan runs with two pollers racing in one process. The
 * clock is moved by making the active milestone start two minutes earlier (its interval is one minute), one step at a
 * time, so each step is a race between the pollers.
 */
const TOKEN = '*:*.release-plan-processes-token';
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses of many shapes
type Json = any;
type Call = (method: string, url: string, body?: unknown) => Promise<{ status: number; body: Json }>;
type Setup = {
  /** The admin API, as seen by one process (`via` picks which, where there are two). */
  call(via: 0 | 1): Call;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Lets the pollers run once the clock has moved. */
  poll(): Promise<void>;
};

async function onPostgres(): Promise<Setup> {
  const database = await createPgDatabase(process.env.DATABASE_URL!, 'switchyard_plans');
  cleanups.push(() => database.drop());
  const env = {
    DATABASE_URL: database.url,
    INIT_ADMIN_API_TOKENS: TOKEN,
    RELEASE_PLAN_POLL_INTERVAL_MS: '50',
  };
  const servers = [await startServerProcess(env), await startServerProcess(env)];
  for (const server of servers) cleanups.push(() => server.stop());
  return {
    call: (via) => async (method, url, body) => {
      const response = await fetch(`${servers[via]!.url}${url}`, {
        method,
        headers: {
          authorization: TOKEN,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    query: async <T>(sql: string, params: unknown[] = []) =>
      (await run(database.url, sql, params)).rows as T[],
    poll: () => new Promise((resolve) => setTimeout(resolve, 100)),
  };
}

async function inOneProcess(): Promise<Setup> {
  const t = await createTestApp();
  cleanups.push(() => t.close());
  const drain = async () => {
    while (await progressNextDue(t.db, new Date())) {
      /* every due plan */
    }
  };
  return {
    call: () => async (method, url, body) => {
      const response = await t.admin({ method: method as 'GET', url, payload: body as object });
      return { status: response.statusCode, body: response.body ? response.json() : undefined };
    },
    query: (sql, params) => t.db.query(sql, params),
    poll: async () => {
      await Promise.all([drain(), drain()]);
    },
  };
}

const rollout = (percent: number) => ({
  sortOrder: 0,
  name: 'flexibleRollout',
  parameters: { rollout: percent, stickiness: 'default', groupId: 'processes' },
});
const PERCENTS = [10, 25, 50, 100];
const FLAG = 'raced-rollout';
const PLANS = `/api/admin/projects/default/features/${FLAG}/environments/development/release-plans`;

describe('automatic progression', () => {
  it(
    ON_POSTGRES
      ? 'progresses each milestone exactly once with two processes polling one PostgreSQL'
      : 'progresses each milestone exactly once with two pollers racing in one process',
    async () => {
      const setup = ON_POSTGRES ? await onPostgres() : await inOneProcess();
      const admin = setup.call(0);
      const template = await admin('POST', '/api/admin/release-plan-templates', {
        name: 'four-steps',
        milestones: PERCENTS.map((percent, i) => ({
          name: `${percent}%`,
          sortOrder: i,
          strategies: [rollout(percent)],
          ...(i < PERCENTS.length - 1 ? { transitionCondition: { intervalMinutes: 1 } } : {}),
        })),
      });
      expect(template.status).toBe(200);
      expect((await admin('POST', '/api/admin/projects/default/features', { name: FLAG })).status).toBe(201);
      const plan = await admin('POST', PLANS, { templateId: template.body.id });
      expect(plan.status).toBe(200);
      const ids = (plan.body.milestones as { id: string }[]).map((m) => m.id);
      expect((await admin('POST', `${PLANS}/${plan.body.id}/milestones/${ids[0]}/start`)).status).toBe(200);

      for (let step = 1; step < ids.length; step++) {
        await setup.query(
          `UPDATE release_plan_milestones SET started_at = started_at - interval '2 minutes' WHERE id = $1`,
          [ids[step - 1]],
        );
        const deadline = Date.now() + 15_000;
        let active: string | null = null;
        while (Date.now() < deadline) {
          await setup.poll();
          active = (await setup.call(1)('GET', PLANS)).body[0].activeMilestoneId;
          if (active === ids[step]) break;
        }
        expect(active, `step ${step}`).toBe(ids[step]);
      }
      // Time for a double to show up, had either poller missed the other's claim.
      for (let i = 0; i < 5; i++) await setup.poll();

      const count = async (type: string) =>
        (
          await setup.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM events WHERE feature_name = $1 AND type = $2',
            [FLAG, type],
          )
        )[0]!.n;
      // The first start by hand, then one per step.
      expect(await count('release-plan-milestone-started')).toBe(ids.length);
      expect(await count('feature-strategy-add')).toBe(ids.length);
      expect(await count('feature-strategy-remove')).toBe(ids.length - 1);
      const strategies = await setup.query<{ parameters: { rollout: string } }>(
        `SELECT parameters FROM flag_strategies WHERE flag_name = $1 AND environment_name = 'development'`,
        [FLAG],
      );
      expect(strategies.map((s) => s.parameters.rollout)).toEqual(['100']);
      const progressed = await setup.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM release_plan_milestones
          WHERE plan_id = $1 AND progression_executed_at IS NOT NULL`,
        [plan.body.id],
      );
      expect(progressed[0]!.n).toBe(ids.length - 1);
    },
    180_000,
  );
});
