import type { Db } from '../../../db/db.ts';
import type { Safeguard, SafeguardAction, SafeguardMetric, SafeguardOwner } from './safeguard.ts';

type SafeguardRow = {
  id: string;
  plan_id: string | null;
  flag_name: string | null;
  environment_name: string | null;
  source: SafeguardMetric['source'];
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
    owner:
      row.plan_id === null
        ? { kind: 'environment', flagName: row.flag_name!, environment: row.environment_name! }
        : { kind: 'plan', planId: row.plan_id },
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
    async ofEnvironment(flagName: string, environment: string): Promise<Safeguard[]> {
      const rows = await db.query<SafeguardRow>(
        `SELECT * FROM release_plan_safeguards WHERE flag_name = $1 AND environment_name = $2
          ORDER BY created_at, id`,
        [flagName, environment],
      );
      return rows.map(toSafeguard);
    },
    /** Creates the safeguard, or replaces the condition of the one with that id (its state starts again). */
    async upsert(id: string, owner: SafeguardOwner, input: SafeguardInput): Promise<void> {
      const plan = owner.kind === 'plan' ? owner.planId : null;
      const flag = owner.kind === 'environment' ? owner.flagName : null;
      const environment = owner.kind === 'environment' ? owner.environment : null;
      await db.query(
        `INSERT INTO release_plan_safeguards
           (id, plan_id, flag_name, environment_name, source, metric, window_minutes, operator, threshold, action)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (id) DO UPDATE SET source = $5, metric = $6, window_minutes = $7, operator = $8, threshold = $9,
           action = $10, evaluated_at = NULL, last_value = NULL, last_error = NULL, triggered_at = NULL,
           explanation = NULL`,
        [
          id,
          plan,
          flag,
          environment,
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
    /**
     * Safeguards not evaluated within `periodMs` that have something to guard: a running plan (a milestone active,
     * not paused), or a flag environment that is on, of a flag not archived.
     */
    async dueForEvaluation(now: Date, periodMs: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT s.id FROM release_plan_safeguards s
           LEFT JOIN release_plans p ON p.id = s.plan_id
           LEFT JOIN flag_environments e ON e.flag_name = s.flag_name AND e.environment_name = s.environment_name
           LEFT JOIN flags f ON f.name = s.flag_name
          WHERE (s.evaluated_at IS NULL OR s.evaluated_at <= $1)
            AND ((p.id IS NOT NULL AND p.paused_at IS NULL AND p.active_milestone_id IS NOT NULL)
              OR (e.enabled AND f.archived_at IS NULL))
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
