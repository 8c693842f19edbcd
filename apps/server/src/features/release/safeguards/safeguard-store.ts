import type { Db } from '../../../db/db.ts';
import type { Safeguard, SafeguardAction, SafeguardMetric } from './safeguard.ts';

type SafeguardRow = {
  id: string;
  plan_id: string;
  source: 'impact' | 'external';
  metric: never;
  window_minutes: number;
  operator: '>' | '<';
  threshold: number;
  action: SafeguardAction;
  created_at: Date;
  evaluated_at: Date | null;
  last_value: number | null;
  last_error: string | null;
  triggered_at: Date | null;
  explanation: string | null;
};

const toSafeguard = (row: SafeguardRow): Safeguard =>
  ({
    id: row.id,
    planId: row.plan_id,
    source: row.source,
    metric: row.metric,
    windowMinutes: row.window_minutes,
    operator: row.operator,
    threshold: Number(row.threshold),
    action: row.action,
    createdAt: row.created_at,
    evaluatedAt: row.evaluated_at,
    lastValue: row.last_value === null ? null : Number(row.last_value),
    lastError: row.last_error,
    triggeredAt: row.triggered_at,
    explanation: row.explanation,
  }) as Safeguard;

export type SafeguardInput = SafeguardMetric & {
  windowMinutes: number;
  operator: '>' | '<';
  threshold: number;
  action: SafeguardAction;
};

/** The setting that holds the instance's external (Prometheus-compatible) metric source. */
const EXTERNAL_SOURCE = 'impact-metrics-external-source';

export function createSafeguardStore(db: Db) {
  return {
    async ofPlans(planIds: string[]): Promise<Safeguard[]> {
      if (!planIds.length) return [];
      const rows = await db.query<SafeguardRow>(
        'SELECT * FROM release_plan_safeguards WHERE plan_id = ANY($1) ORDER BY created_at, id',
        [planIds],
      );
      return rows.map(toSafeguard);
    },
    async get(id: string): Promise<Safeguard | undefined> {
      const [row] = await db.query<SafeguardRow>('SELECT * FROM release_plan_safeguards WHERE id = $1', [id]);
      return row && toSafeguard(row);
    },
    /** Creates the safeguard, or replaces the condition of the one with that id (its state starts again). */
    async upsert(id: string, planId: string, input: SafeguardInput): Promise<void> {
      await db.query(
        `INSERT INTO release_plan_safeguards (id, plan_id, source, metric, window_minutes, operator, threshold, action)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (id) DO UPDATE SET source = $3, metric = $4, window_minutes = $5, operator = $6, threshold = $7,
           action = $8, evaluated_at = NULL, last_value = NULL, last_error = NULL, triggered_at = NULL,
           explanation = NULL`,
        [
          id,
          planId,
          input.source,
          JSON.stringify(input.metric),
          input.windowMinutes,
          input.operator,
          input.threshold,
          input.action,
        ],
      );
    },
    async delete(id: string): Promise<void> {
      await db.query('DELETE FROM release_plan_safeguards WHERE id = $1', [id]);
    },
    /** Safeguards of plans that are running (a milestone active, not paused), not evaluated within `periodMs`. */
    async dueForEvaluation(now: Date, periodMs: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT s.id FROM release_plan_safeguards s JOIN release_plans p ON p.id = s.plan_id
          WHERE p.paused_at IS NULL AND p.active_milestone_id IS NOT NULL
            AND (s.evaluated_at IS NULL OR s.evaluated_at <= $1)
          ORDER BY s.evaluated_at NULLS FIRST, s.id LIMIT 100`,
        [new Date(now.getTime() - periodMs)],
      );
      return rows.map((row) => row.id);
    },
    /**
     * Takes the safeguard's evaluation for this period: a conditional update, so of several processes polling one
     * database only one evaluates it each period (and queries the external source).
     */
    async lease(id: string, now: Date, periodMs: number): Promise<Safeguard | undefined> {
      const [row] = await db.query<SafeguardRow>(
        `UPDATE release_plan_safeguards SET evaluated_at = $2
          WHERE id = $1 AND (evaluated_at IS NULL OR evaluated_at <= $3) RETURNING *`,
        [id, now, new Date(now.getTime() - periodMs)],
      );
      return row && toSafeguard(row);
    },
    async recordReading(id: string, value: number | null, error: string | null): Promise<void> {
      await db.query('UPDATE release_plan_safeguards SET last_value = $2, last_error = $3 WHERE id = $1', [
        id,
        value,
        error,
      ]);
    },
    async recordTriggered(id: string, at: Date, explanation: string): Promise<void> {
      await db.query('UPDATE release_plan_safeguards SET triggered_at = $2, explanation = $3 WHERE id = $1', [
        id,
        at,
        explanation,
      ]);
    },
    async externalSource(): Promise<string | null> {
      const [row] = await db.query<{ value: { url?: string } }>(
        'SELECT value FROM settings WHERE name = $1',
        [EXTERNAL_SOURCE],
      );
      return row?.value.url ?? null;
    },
    async setExternalSource(url: string | null): Promise<void> {
      if (url === null) {
        await db.query('DELETE FROM settings WHERE name = $1', [EXTERNAL_SOURCE]);
        return;
      }
      await db.query(
        `INSERT INTO settings (name, value) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET value = $2, updated_at = now()`,
        [EXTERNAL_SOURCE, JSON.stringify({ url })],
      );
    },
  };
}

export type SafeguardStore = ReturnType<typeof createSafeguardStore>;
