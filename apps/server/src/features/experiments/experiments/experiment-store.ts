import type { Db } from '../../../db/db.ts';
import { ConflictError } from '../../../http/errors.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import {
  trackedEvents,
  type Experiment,
  type ExperimentMetric,
  type ExperimentStatus,
  type NewExperiment,
} from './experiment.ts';

type ExperimentRow = {
  id: number;
  flag_name: string;
  environment: string;
  name: string;
  hypothesis: string;
  control_variant: string;
  metrics: ExperimentMetric[];
  status: ExperimentStatus;
  started_at: Date | string | null;
  stopped_at: Date | string | null;
  created_by: string;
  created_at: Date | string;
};

const COLUMNS =
  'id::int AS id, flag_name, environment, name, hypothesis, control_variant, metrics, status, started_at, stopped_at, created_by, created_at';
const date = (value: Date | string | null) => (value === null ? null : new Date(value));

const toExperiment = (row: ExperimentRow): Experiment => ({
  id: row.id,
  flagName: row.flag_name,
  environment: row.environment,
  name: row.name,
  hypothesis: row.hypothesis,
  controlVariant: row.control_variant,
  metrics: row.metrics,
  status: row.status,
  startedAt: date(row.started_at),
  stoppedAt: date(row.stopped_at),
  createdBy: row.created_by,
  createdAt: new Date(row.created_at),
});

export function createExperimentStore(db: Db) {
  return {
    async list(flagName: string, environment?: string): Promise<Experiment[]> {
      const rows = await db.query<ExperimentRow>(
        `SELECT ${COLUMNS} FROM experiments WHERE flag_name = $1 AND ($2::text IS NULL OR environment = $2)
         ORDER BY id DESC`,
        [flagName, environment ?? null],
      );
      return rows.map(toExperiment);
    },

    async get(id: number): Promise<Experiment | undefined> {
      const [row] = await db.query<ExperimentRow>(`SELECT ${COLUMNS} FROM experiments WHERE id = $1`, [id]);
      return row && toExperiment(row);
    },

    async insert(
      place: { flagName: string; environment: string },
      experiment: NewExperiment,
      createdBy: string,
    ): Promise<Experiment> {
      const [row] = await db.query<ExperimentRow>(
        `INSERT INTO experiments (flag_name, environment, name, hypothesis, control_variant, metrics, metric_events, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
        [
          place.flagName,
          place.environment,
          experiment.name,
          experiment.hypothesis,
          experiment.controlVariant,
          JSON.stringify(experiment.metrics),
          trackedEvents(experiment.metrics),
          createdBy,
        ],
      );
      return toExperiment(row!);
    },

    /** Moves the experiment to `status`; a second running experiment on the flag environment is a conflict. */
    async setStatus(id: number, status: 'running' | 'stopped', at: Date): Promise<Experiment> {
      try {
        const [row] = await db.query<ExperimentRow>(
          status === 'running'
            ? `UPDATE experiments SET status = 'running', started_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`
            : `UPDATE experiments SET status = 'stopped', stopped_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
          [id, at],
        );
        return toExperiment(row!);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError('another experiment is already running on this flag in this environment');
        throw error;
      }
    },

    async remove(id: number): Promise<void> {
      await db.query('DELETE FROM experiments WHERE id = $1', [id]);
    },

    /** Every running experiment: what the exposure recorder watches. */
    /**
     * CUPED's pre-period: each user's tracked values of the experiment's metrics before it starts, copied once (the
     * summed value for a mean metric, 1 for a user who converted before). Users with none count as 0.
     */
    async copyPrePeriod(experiment: Experiment): Promise<void> {
      await db.query(
        `INSERT INTO experiment_pre_period (experiment_id, user_id, metric, x, is_mean)
         SELECT $1, t.user_id, m.event, CASE WHEN m.kind = 'mean' THEN t.value_sum ELSE 1 END, m.kind = 'mean'
           FROM jsonb_to_recordset($2::jsonb) AS m (event text, kind text)
           JOIN tracked_user_totals t ON t.environment = $3 AND t.event = m.event AND m.kind <> 'impact'
         ON CONFLICT DO NOTHING`,
        [experiment.id, JSON.stringify(experiment.metrics), experiment.environment],
      );
    },

    async running(): Promise<Experiment[]> {
      const rows = await db.query<ExperimentRow>(
        `SELECT ${COLUMNS} FROM experiments WHERE status = 'running'`,
      );
      return rows.map(toExperiment);
    },
  };
}

export type ExperimentStore = ReturnType<typeof createExperimentStore>;
