/**
 * The `time-travel` scenario of `npm run bench`: reconstruct a 1,000-flag environment at a random instant of a
 * 100,000-change history (decision record 0041), then evaluate 1,000 contexts against it. The history is written
 * straight into the recording tables in the shape history-recorder.ts writes (a checkpoint every CHECKPOINT_EVERY
 * changes), on the embedded database or DATABASE_URL.
 */
import { compileSnapshot } from '@switchyard/evaluation';
import type { Db } from '../src/db/db.ts';
import { CHECKPOINT_EVERY } from '../src/features/flag-model/history/history-recorder.ts';
import { flagKey, type FlagEntry } from '../src/features/flag-model/history/history.ts';
import { createHistoryService } from '../src/features/flag-model/history/history-service.ts';
import { compileSelected } from '../src/features/flag-model/playground/playground-service.ts';
import { createTestDb } from '../src/testing/test-db.ts';

const FLAGS = 1_000;
const CHANGES = 100_000;
const CONTEXTS = 1_000;
const RUNS = 20;
const ENVIRONMENT = 'bench';

export type TimeTravelRow = { case: string; runs: number; medianMs: number; p95Ms: number; maxMs: number };

const flagEntry = (i: number, version: number): FlagEntry => ({
  feature: {
    name: `flag-${i}`,
    type: 'release',
    description: `version ${version}`,
    project: 'default',
    enabled: version % 3 !== 0,
    stale: false,
    impressionData: false,
    strategies: [
      Object.assign(
        {
          name: 'flexibleRollout',
          constraints: [
            {
              contextName: 'plan',
              operator: 'IN',
              values: ['pro', 'team'],
              inverted: false,
              caseInsensitive: false,
            },
          ],
          parameters: { rollout: String(version % 101), stickiness: 'default', groupId: `flag-${i}` },
          variants: [],
        },
        { id: `s-${i}`, title: null, disabled: false },
      ),
    ],
    variants: [
      { name: 'a', weight: 500, weightType: 'variable', stickiness: 'default' },
      { name: 'b', weight: 500, weightType: 'variable', stickiness: 'default' },
    ],
  },
  order: ['20261201000000000000', i],
  tags: [],
});

async function seedHistory(db: Db, say: (m: string) => void): Promise<{ first: number; last: number }> {
  const start = Date.parse('2026-01-01T00:00:00Z');
  const current = new Map<string, unknown>();
  for (let i = 0; i < FLAGS; i++) current.set(flagKey(`flag-${i}`), flagEntry(i, 0));
  const BATCH = 2_000;
  let seed = 42;
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  for (let from = 0; from <= CHANGES; from += BATCH) {
    const recordings: { id: number; at: string; checkpoint: unknown }[] = [];
    const changes: { recording_id: number; key: string; value: unknown }[] = [];
    for (let n = from; n < Math.min(from + BATCH, CHANGES + 1); n++) {
      const id = n + 1;
      if (n > 0) {
        const i = Math.floor(rand() * FLAGS);
        const value = flagEntry(i, n);
        current.set(flagKey(`flag-${i}`), value);
        changes.push({ recording_id: id, key: flagKey(`flag-${i}`), value });
      }
      const checkpoint = n % CHECKPOINT_EVERY === 0 ? Object.fromEntries(current) : null;
      recordings.push({ id, at: new Date(start + n * 60_000).toISOString(), checkpoint });
    }
    await db.query(
      `INSERT INTO served_recordings (id, environment, recorded_at, checkpoint)
       SELECT x.id, $1, x.at, x.checkpoint FROM json_to_recordset($2::json) AS x(id bigint, at timestamptz, checkpoint json)`,
      [ENVIRONMENT, JSON.stringify(recordings)],
    );
    if (changes.length)
      await db.query(
        `INSERT INTO served_changes (recording_id, environment, key, value)
         SELECT x.recording_id, $1, x.key, x.value FROM json_to_recordset($2::json) AS x(recording_id bigint, key text, value json)`,
        [ENVIRONMENT, JSON.stringify(changes)],
      );
    if (from % 20_000 === 0) say(`time-travel: ${from} of ${CHANGES} changes written`);
  }
  await db.exec('ANALYZE served_recordings; ANALYZE served_changes');
  return { first: start, last: start + CHANGES * 60_000 };
}

const stats = (name: string, samples: number[]): TimeTravelRow => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    case: name,
    runs: samples.length,
    medianMs: round(at(0.5)),
    p95Ms: round(at(0.95)),
    maxMs: round(sorted.at(-1)!),
  };
};

/** A Db whose queries add their time (round trip, and the driver's parse of json columns) to `spent.ms`. */
function timedDb(db: Db, spent: { ms: number }): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver);
      return async (sql: string, params?: unknown[]) => {
        const t0 = performance.now();
        try {
          return await target.query(sql, params);
        } finally {
          spent.ms += performance.now() - t0;
        }
      };
    },
  });
}

export async function measureTimeTravel(say: (message: string) => void): Promise<TimeTravelRow[]> {
  const db = await createTestDb();
  try {
    const { first, last } = await seedHistory(db, say);
    const spent = { ms: 0 };
    const history = createHistoryService(timedDb(db, spent));
    const contexts = Array.from({ length: CONTEXTS }, (_, i) => ({
      environment: ENVIRONMENT,
      userId: `user-${i}`,
      properties: { plan: i % 2 ? 'pro' : 'free' },
    }));
    const samples = {
      query: [] as number[],
      reconstruct: [] as number[],
      compile: [] as number[],
      explain: [] as number[],
      together: [] as number[],
      compileAll: [] as number[],
      allFlags: [] as number[],
    };
    for (let run = 0; run < RUNS + 2; run++) {
      const at = new Date(first + Math.random() * (last - first));
      spent.ms = 0;
      const t0 = performance.now();
      const state = await history.stateAt(ENVIRONMENT, at);
      const t1 = performance.now();
      // As the playground does: compile what the asked flag needs, then explain it for each context.
      const asked = state!.full.features[run % FLAGS]!;
      const selected = compileSelected(state!.full, [asked]);
      const t2 = performance.now();
      for (const context of contexts) selected.explain(asked.name, context);
      const t3 = performance.now();
      const snapshot = compileSnapshot({
        features: state!.full.features,
        segments: state!.full.segments,
      } as never);
      const t4 = performance.now();
      for (const context of contexts) snapshot.evaluateAll(context, { includeDisabled: true });
      const t5 = performance.now();
      if (state!.served.features.length !== FLAGS)
        throw new Error('time-travel: the reconstruction lost flags');
      if (run < 2) continue; // warm-up
      samples.query.push(spent.ms);
      samples.reconstruct.push(t1 - t0);
      samples.compile.push(t2 - t1);
      samples.explain.push(t3 - t2);
      samples.together.push(t3 - t0);
      samples.compileAll.push(t4 - t3);
      samples.allFlags.push(t5 - t4);
    }
    return [
      stats('reconstruct: of which database reads and their JSON parse', samples.query),
      stats('reconstruct 1,000 flags at a random instant of 100,000 changes', samples.reconstruct),
      stats('evaluate: compile the flag asked for (and its parents), as the playground', samples.compile),
      stats('evaluate: explain that flag for 1,000 contexts', samples.explain),
      stats('reconstruct + compile + explain for 1,000 contexts (target < 200 ms)', samples.together),
      stats('compile all 1,000 flags', samples.compileAll),
      stats('evaluate all 1,000 flags for 1,000 contexts (1M evaluations)', samples.allFlags),
    ];
  } finally {
    await db.close();
  }
}
