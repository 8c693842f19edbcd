import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TOKEN, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { environmentUrl } from '../../../testing/flag-api-builders.ts';
import { digestOf } from './history.ts';
import { random, runChangeSequence } from '../../../testing/change-sequence.ts';
import { CHECKPOINT_EVERY, readWholeEntries, recordServedHistory } from './history-recorder.ts';

// Generated change sequences: after every write the payload SDKs get is kept, and at the end the reconstruction at
// every recorded instant must be exactly that payload (decision record 0041). Then a flag restored to an earlier
// instant must be served as it was then.
let t: TestApp;
const spec = { 'unleash-client-spec': '5.2.0' };

type Served = { features: unknown[]; segments: unknown[] };
type Step = { op: string; served: Served; recordedAt: string };

const maxEventId = async () =>
  (await t.db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM events'))[0]!.id;

/** What /api/client/features serves once it has caught up with the last event. */
async function served(): Promise<Served> {
  const revision = await maxEventId();
  let body: Served & { meta: { revisionId: number } } = {
    features: [],
    segments: [],
    meta: { revisionId: -1 },
  };
  await expect
    .poll(async () => {
      const res = await t.app.inject({
        url: '/api/client/features',
        headers: { authorization: CLIENT_TOKEN, ...spec },
      });
      body = res.json();
      return body.meta.revisionId;
    })
    .toBeGreaterThanOrEqual(revision);
  return { features: body.features, segments: body.segments ?? [] };
}

const lastRecordedAt = async () =>
  (
    await t.db.query<{ at: Date }>(
      `SELECT max(recorded_at) AS at FROM served_recordings WHERE environment = 'development'`,
    )
  )[0]!.at.toISOString();

const stateAt = async (at: string) => {
  const res = await t.admin({
    url: `/api/admin/history/state?environment=development&at=${encodeURIComponent(at)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { features, segments } = res.json() as Served;
  return { features, segments };
};

const runSequence = (seed: number, length: number, mixed = false): Promise<Step[]> =>
  runChangeSequence(t, seed, length, {
    mixed,
    afterStep: async (op) => ({ op, served: await served(), recordedAt: await lastRecordedAt() }),
  });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('served history', () => {
  const steps: Step[] = [];

  it('reconstructs, at every recorded instant of generated changes, exactly the payload served then', async () => {
    for (const seed of [1, 2]) steps.push(...(await runSequence(seed, 30)));
    // Two steps recorded in the same millisecond: the instant shows the later one, which is what was served from then.
    const byInstant = new Map(steps.map((step) => [step.recordedAt, step]));
    expect(byInstant.size).toBeGreaterThan(steps.length / 2);
    for (const [at, step] of byInstant) {
      const state = await stateAt(at);
      expect(JSON.stringify(state), `after ${step.op} at ${at}`).toBe(JSON.stringify(step.served));
    }
  }, 120_000);

  it('answers the instant between two recordings with the earlier one, and 400 naming at before history', async () => {
    const [a, b] = [steps[3]!, steps[4]!];
    const middle = new Date((Date.parse(a.recordedAt) + Date.parse(b.recordedAt)) / 2).toISOString();
    if (middle !== b.recordedAt) expect(JSON.stringify(await stateAt(middle))).toBe(JSON.stringify(a.served));
    const early = await t.admin({
      url: '/api/admin/history/state?environment=development&at=2001-01-01T00:00:00Z',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().details[0].path).toBe('/querystring/at');
    const bad = await t.admin({ url: '/api/admin/history/state?environment=development&at=yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('/querystring/at');
  });

  it('restores flags to earlier instants: then the flag is served in the environment exactly as it was then', async () => {
    const r = random(7);
    type Feature = { name: string; enabled: boolean; strategies: unknown; variants: unknown };
    // What a restore puts back: the environment's part of the flag (flag-wide fields such as the description stay).
    const part = (f: Feature | undefined) =>
      f && JSON.stringify({ enabled: f.enabled, strategies: f.strategies, variants: f.variants });
    let restored = 0;
    let applied = 0;
    const misses: string[] = [];
    // Every flag still served moves on from where it was, so earlier instants differ from now.
    for (const { name } of (await served()).features as Feature[]) {
      const add = await t.admin({
        method: 'POST',
        url: `${environmentUrl(name)}/strategies`,
        payload: { name: 'default', constraints: [{ contextName: 'plan', operator: 'IN', values: ['z'] }] },
      });
      expect(add.statusCode, add.body).toBe(200);
    }
    for (let attempt = 0; attempt < 60 && restored < 6; attempt++) {
      const now = await served();
      const name = r.pick((now.features as { name: string }[]).map((f) => f.name));
      const current = part((now.features as Feature[]).find((f) => f.name === name));
      // An earlier instant at which the flag was served differently, when there is one.
      const step = steps.find((s) => {
        const was = (s.served.features as Feature[]).find((f) => f.name === name);
        return was && part(was) !== current && r.next() < 0.5;
      });
      if (!step) {
        misses.push(
          `${name}: ${steps.filter((s) => (s.served.features as Feature[]).some((f) => f.name === name)).length}`,
        );
        continue;
      }
      const then = (step.served.features as Feature[]).find((f) => f.name === name);
      const res = await t.admin({
        method: 'POST',
        url: `${environmentUrl(name)}/history/restore`,
        payload: { at: step.recordedAt },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().outcome).toBe('applied');
      applied++;
      const after = await served();
      expect(part((after.features as Feature[]).find((f) => f.name === name))).toBe(part(then));
      // And the reconstruction now is what is served now.
      expect(JSON.stringify(await stateAt(await lastRecordedAt()))).toBe(JSON.stringify(after));
      restored++;
    }
    expect(restored, misses.join(', ')).toBeGreaterThan(2);
    expect(applied).toBeGreaterThan(0);
  }, 120_000);

  it('records mixed narrow and whole writes exactly: every instant, and heads equal to a whole read in every environment', async () => {
    const mixed = await runSequence(3, 80, true);
    const ops = new Set(mixed.map((step) => step.op));
    for (const op of ['toggle', 'add', 'segment', 'context', 'toggle-production', 'archive-two'])
      expect(ops, op).toContain(op);
    const byInstant = new Map(mixed.map((step) => [step.recordedAt, step]));
    for (const [at, step] of byInstant) {
      const state = await stateAt(at);
      expect(JSON.stringify(state), `after ${step.op} at ${at}`).toBe(JSON.stringify(step.served));
    }
    // What a whole read gives now, digested, is what the narrow and whole recordings left as heads.
    for (const environment of ['development', 'production']) {
      const whole = [...(await readWholeEntries(t.db, environment))]
        .map(([key, value]) => `${key} ${digestOf(value)}`)
        .sort();
      const heads = (
        await t.db.query<{ key: string; digest: string }>(
          'SELECT key, digest FROM served_heads WHERE environment = $1',
          [environment],
        )
      )
        .map((h) => `${h.key} ${h.digest}`)
        .sort();
      expect(heads, environment).toEqual(whole);
    }
  }, 180_000);

  it('makes a due checkpoint with every entry when the write that makes it was recorded narrow', async () => {
    const flag = `checkpoint-${Date.now()}`;
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/default/features',
      payload: { name: flag },
    });
    expect(created.statusCode, created.body).toBe(201);
    const on = await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
    expect(on.statusCode, on.body).toBeLessThan(300);
    const lastCheckpoint = async () =>
      (
        await t.db.query<{ id: number | null }>(
          `SELECT max(id) AS id FROM served_recordings WHERE environment = 'development' AND checkpoint IS NOT NULL`,
        )
      )[0]!.id ?? 0;
    const before = await lastCheckpoint();
    // One change per write, each recorded narrow (its event names the flag and the environment).
    for (let n = 0; n <= CHECKPOINT_EVERY && (await lastCheckpoint()) === before; n++) {
      await t.db.transaction(async (tx) => {
        await tx.query(
          `UPDATE flag_environments SET enabled = NOT enabled WHERE flag_name = $1 AND environment_name = 'development'`,
          [flag],
        );
        const [event] = await tx.query<{ id: number }>(
          `INSERT INTO events (type, created_by, project, feature_name, environment)
           VALUES ('feature-environment-enabled', 'test', 'default', $1, 'development') RETURNING id`,
          [flag],
        );
        await recordServedHistory(tx, [event!.id]);
      });
    }
    const [checkpoint] = await t.db.query<{ checkpoint: Record<string, unknown> }>(
      `SELECT checkpoint FROM served_recordings WHERE id = $1`,
      [await lastCheckpoint()],
    );
    expect(await lastCheckpoint()).toBeGreaterThan(before);
    expect(checkpoint!.checkpoint).toEqual(Object.fromEntries(await readWholeEntries(t.db, 'development')));
  }, 180_000);
});
