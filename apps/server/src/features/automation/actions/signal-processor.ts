import type { Db } from '../../../db/db.ts';
import { toSignal } from '../signals/signal-store.ts';
import type { Signal } from '../signals/signal.ts';
import { payloadMatches } from './action-set.ts';
import { createActionSetStore } from './action-set-store.ts';
import { runActionSet, signalRecord } from './action-runner.ts';

type SignalRow = Parameters<typeof toSignal>[0];

/**
 * Claims the oldest unprocessed signal (FOR UPDATE SKIP LOCKED, so each is taken by exactly one process), runs the
 * action sets it matches and marks it processed, all in one transaction. Returns false when none was waiting.
 */
export async function processNextSignal(db: Db): Promise<boolean> {
  // Most polls find nothing waiting: they end after one plain read, without a transaction (decision record 0055).
  const [waiting] = await db.query<{ any: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM signals WHERE processed_at IS NULL) AS any',
  );
  if (waiting?.any !== true) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx.query<SignalRow>(
      `SELECT id::text AS id, source_id, token_id, token_name, payload, created_at FROM signals
        WHERE processed_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    if (!row) return false;
    const signal: Signal = toSignal(row);
    const sets = createActionSetStore(tx);
    for (const set of await sets.listening(signal.sourceId)) {
      if (!payloadMatches(set.payloadFilters, signal.payload)) continue;
      const outcome = await runActionSet(tx, set);
      await sets.recordEvent({
        actionSetId: set.id,
        signalId: signal.id,
        state: outcome.state,
        signal: signalRecord(signal),
        actionSet: {
          ...set,
          createdAt: set.createdAt.toISOString(),
          actions: outcome.actions.map(({ action, state, details }) => ({
            ...action,
            createdAt: action.createdAt.toISOString(),
            state,
            ...(details === undefined ? {} : { details }),
          })),
        },
      });
    }
    await tx.query('UPDATE signals SET processed_at = now() WHERE id = $1', [signal.id]);
    return true;
  });
}

/**
 * Acts on stored signals: at once when `kick()` is called after a signal is stored, and every `intervalMs` for any a
 * process left behind (it stopped, or another process stored it). Set up once when the app is built.
 */
export function createSignalProcessor(
  db: Db,
  options: { intervalMs: number; onError?: (error: unknown) => void },
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function drain(): Promise<void> {
    try {
      do {
        again = false;
        while (await processNextSignal(db));
      } while (again);
    } catch (error) {
      options.onError?.(error);
    }
  }

  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => (running = undefined));
  }

  return {
    kick,
    /** Processes everything waiting and resolves when done. */
    async drain(): Promise<void> {
      await running;
      await drain();
    },
    start(): void {
      timer = setInterval(kick, options.intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
