import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { runChangeSequence } from '../../../testing/change-sequence.ts';
import { environmentUrl } from '../../../testing/flag-api-builders.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import type { EnvironmentState } from './client-feature.ts';
import { createClientStateCache, type ClientStateCache } from './client-state-cache.ts';
import { loadEnvironmentState } from './environment-state-store.ts';

// Another server process on the same database, as the served feed keeps it (decision record 0063): after every write
// its state must be what a whole read gives, byte for byte, and it must not have read the database to get there.
let t: TestApp;
const environments = ['development', 'production'];

/** A second cache on the app's database that counts its whole reads, and may lose the next feed message. */
function otherProcess() {
  let reads = 0;
  let dropNext = false;
  const db: Db = {
    ...t.db,
    query: (sql, params) => {
      if (sql.includes('max(id) FROM events')) reads++;
      return t.db.query(sql, params);
    },
    listen: (channel, handler) =>
      t.db.listen(channel, (payload) => {
        if (dropNext) dropNext = false;
        else handler(payload);
      }),
  };
  const cache = createClientStateCache(db);
  return {
    cache,
    reads: () => reads,
    dropNextMessage: () => {
      dropNext = true;
    },
  };
}

const position = async () =>
  (await t.db.query<{ position: number }>('SELECT position FROM served_feed'))[0]!.position;

/** What a state serves, in the bytes SDKs would see, with tags of served flags only. */
const served = (state: EnvironmentState) =>
  JSON.stringify({
    revisionId: state.revisionId,
    features: state.features,
    segments: [...state.segments].sort((a, b) => a.id - b.id),
    tags: state.features.map((f) => [f.name, state.tags.get(f.name) ?? []]),
  });

async function expectCurrent(cache: ClientStateCache, context: string) {
  expect(await cache.caughtUp(await position(), 5_000), context).toBe(true);
  for (const environment of environments)
    expect(served(await cache.state(environment)), `${context} in ${environment}`).toBe(
      served(await loadEnvironmentState(t.db, environment)),
    );
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the served feed', () => {
  it('keeps another process exactly current through generated writes without reading the database again', async () => {
    const other = otherProcess();
    await other.cache.start();
    try {
      for (const environment of environments) await other.cache.state(environment);
      const readsAfterStart = other.reads();
      const ops = await runChangeSequence(t, 63, 70, {
        mixed: true,
        afterStep: async (op) => {
          await expectCurrent(other.cache, `after ${op}`);
          return op;
        },
      });
      for (const op of ['create', 'toggle', 'add', 'segment', 'segment-edit', 'archive', 'toggle-production'])
        expect(ops, op).toContain(op);
      expect(other.reads() - readsAfterStart).toBe(0);
    } finally {
      await other.cache.stop();
    }
  }, 120_000);

  it('reads again when a change is too large for a message, and when a message was missed', async () => {
    const other = otherProcess();
    await other.cache.start();
    try {
      for (const environment of environments) await other.cache.state(environment);
      const flag = 'feed-large';
      const create = await t.admin({
        method: 'POST',
        url: '/api/admin/projects/default/features',
        payload: { name: flag },
      });
      expect(create.statusCode, create.body).toBeLessThan(300);
      await expectCurrent(other.cache, 'after the flag was created');
      const before = other.reads();
      // Values that do not compress: the change does not fit in a notification, deflated or not.
      const values = Array.from({ length: 1_500 }, (_, i) => `${i}-${Math.random().toString(36).slice(2)}`);
      const add = await t.admin({
        method: 'POST',
        url: `${environmentUrl(flag)}/strategies`,
        payload: { name: 'default', constraints: [{ contextName: 'userId', operator: 'IN', values }] },
      });
      expect(add.statusCode, add.body).toBeLessThan(300);
      await expectCurrent(other.cache, 'after the large change');
      // A reload message: each environment held is read again, once.
      expect(other.reads() - before).toBe(environments.length);

      other.dropNextMessage();
      const on = await t.admin({ method: 'POST', url: `${environmentUrl(flag)}/on` });
      expect(on.statusCode, on.body).toBeLessThan(300);
      const production = await t.admin({ method: 'POST', url: `${environmentUrl(flag, 'production')}/on` });
      expect(production.statusCode, production.body).toBeLessThan(300);
      // The second message shows the first one missing: the environment is read again, and is right.
      await expectCurrent(other.cache, 'after a missed message');
      expect(other.reads() - before).toBe(2 * environments.length);
      const state = await other.cache.state('development');
      expect(state.features.find((f) => f.name === flag)?.enabled).toBe(true);
    } finally {
      await other.cache.stop();
    }
  }, 60_000);
});
