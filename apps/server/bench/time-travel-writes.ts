/**
 * The write side of the `time-travel` scenario: what recording served history (decision record 0041) costs each
 * write. No configuration skips the recording, so the bench measures it three ways on 1,000 flags in two
 * environments: a toggle through the Admin API as shipped (recording included), the recording step alone inside a
 * transaction (`recordServedHistory`, exactly what the before-commit hook runs), and the same one-row toggle as a
 * bare SQL transaction with and without that step. The step runs as a toggle's event makes it (it names its flag
 * and environment, so only that flag is read) and as events naming no flag make it (the whole read).
 */
import type { Db } from '../src/db/db.ts';
import { recordServedHistory } from '../src/features/flag-model/history/history-recorder.ts';
import { buildFlag } from '../src/testing/flag-builder.ts';
import { createTestApp } from '../src/testing/test-app.ts';
import { seedFlags } from './seed-flags.ts';

const FLAGS = 1_000;
const WRITES = 100;

export type WriteLatencyRow = { case: string; runs: number; p50Ms: number; p99Ms: number; maxMs: number };

const latency = (name: string, samples: number[]): WriteLatencyRow => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    case: name,
    runs: samples.length,
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(sorted.at(-1)!),
  };
};

/** The event a toggle appends, written directly so that no before-commit hook records it twice. */
const toggleEvent = async (tx: Db, flag: string): Promise<number> =>
  (
    await tx.query<{ id: number }>(
      `INSERT INTO events (type, created_by, project, feature_name, environment)
       VALUES ('feature-environment-enabled', 'bench', 'default', $1, 'development') RETURNING id`,
      [flag],
    )
  )[0]!.id;

const toggleSql = (tx: Db, flag: string) =>
  tx.query(
    `UPDATE flag_environments SET enabled = NOT enabled WHERE flag_name = $1 AND environment_name = 'development'`,
    [flag],
  );

export async function measureHistoryWrites(say: (message: string) => void): Promise<WriteLatencyRow[]> {
  const t = await createTestApp();
  try {
    const flags = seedFlags(FLAGS);
    for (const flag of flags) {
      const environment = { enabled: flag.enabled, strategies: [flag.strategy] };
      await buildFlag(t.db, {
        name: flag.name,
        environments: { development: environment, production: environment },
        recordEvent: false,
      });
    }
    // The baseline recording of the 1,000 flags, as the server makes on start.
    await t.db.transaction((tx) => recordServedHistory(tx, []));
    say(`time-travel: ${FLAGS} flags in 2 environments; ${WRITES} writes of each kind`);

    const api: number[] = [];
    const recording: number[] = [];
    const wholeRecording: number[] = [];
    const withRecording: number[] = [];
    const withoutRecording: number[] = [];
    for (let n = 0; n < WRITES + 10; n++) {
      const flag = flags[(n * 37) % FLAGS]!.name;
      const other = flags[(n * 37 + 500) % FLAGS]!.name;
      const warm = n >= 10;

      let t0 = performance.now();
      const res = await t.admin({
        method: 'POST',
        url: `/api/admin/projects/default/features/${flag}/environments/development/${n % 2 ? 'on' : 'off'}`,
      });
      if (res.statusCode >= 300)
        throw new Error(`time-travel: a toggle answered ${res.statusCode} ${res.body}`);
      if (warm) api.push(performance.now() - t0);

      t0 = performance.now();
      let step = 0;
      await t.db.transaction(async (tx) => {
        await toggleSql(tx, other);
        const id = await toggleEvent(tx, other);
        const s0 = performance.now();
        await recordServedHistory(tx, [id]);
        step = performance.now() - s0;
      });
      if (warm) {
        withRecording.push(performance.now() - t0);
        recording.push(step);
      }

      const third = flags[(n * 37 + 250) % FLAGS]!.name;
      await t.db.transaction(async (tx) => {
        await toggleSql(tx, third);
        const s0 = performance.now();
        await recordServedHistory(tx, []);
        step = performance.now() - s0;
      });
      if (warm) wholeRecording.push(step);
    }
    // Last, so no recording after them sees the toggles they leave unrecorded.
    for (let n = 0; n < WRITES + 10; n++) {
      const t0 = performance.now();
      await t.db.transaction((tx) => toggleSql(tx, flags[(n * 37) % FLAGS]!.name));
      if (n >= 10) withoutRecording.push(performance.now() - t0);
    }
    return [
      latency('toggle through the Admin API (recording included, as shipped)', api),
      latency('the recording step alone, narrow (a toggle event names its flag)', recording),
      latency('the recording step alone, whole read (no event names a flag)', wholeRecording),
      latency('one-row toggle transaction without recording', withoutRecording),
      latency('one-row toggle transaction with recording (narrow)', withRecording),
    ];
  } finally {
    await t.close();
  }
}
