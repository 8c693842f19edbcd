import type { Db } from '../../../db/db.ts';
import { isForeignKeyViolation } from '../../../db/postgres-errors.ts';
import { labelsKey, type ImpactMetricType, type ImpactPoint, type ImpactSample } from './impact-metric.ts';

/** Keeps new series of one application from being counted twice by two processes at once. */
const SERIES_LOCK = 7_303_881;

export type ImpactSeries = { id: number; appName: string; labels: Record<string, string> };

type SeriesKey = { app_name: string; name: string; type: ImpactMetricType; labels_key: string };
const keyOf = (s: SeriesKey) => JSON.stringify([s.app_name, s.name, s.type, s.labels_key]);

/**
 * Sums samples per series and step, from `source`: rows of (series_id, t, reports, value_sum, count, buckets).
 * Raw samples and roll-ups both feed it, so a roll-up and a query of raw samples add up the same way.
 */
export function aggregateSql(source: string, stepParam: string): string {
  return `WITH src AS (${source}),
    stepped AS (
      SELECT series_id, floor(extract(epoch FROM t) / ${stepParam}) * ${stepParam} AS at,
             reports, value_sum, count, buckets FROM src),
    plain AS (
      SELECT series_id, at, sum(reports)::bigint AS reports, sum(value_sum) AS value_sum, sum(count) AS count
        FROM stepped GROUP BY series_id, at),
    per_bound AS (
      SELECT series_id, at, b.key, sum(b.value::double precision) AS n
        FROM stepped, jsonb_each_text(stepped.buckets) AS b
       WHERE stepped.buckets IS NOT NULL GROUP BY series_id, at, b.key),
    merged AS (SELECT series_id, at, jsonb_object_agg(key, n) AS buckets FROM per_bound GROUP BY series_id, at)
  SELECT plain.series_id, plain.at, plain.reports, plain.value_sum, plain.count, merged.buckets
    FROM plain LEFT JOIN merged USING (series_id, at)`;
}

type PointRow = {
  series_id: string | number;
  at: string | number;
  reports: string | number;
  value_sum: number;
  count: string | number | null;
  buckets: Record<string, number> | null;
};
const toPoint = (row: PointRow): ImpactPoint => ({
  seriesId: Number(row.series_id),
  at: Number(row.at),
  reports: Number(row.reports),
  valueSum: Number(row.value_sum),
  count: Number(row.count ?? 0),
  buckets: row.buckets,
});

export function createImpactMetricStore(db: Db) {
  return {
    /**
     * Stores samples at `at`, creating their series up to `maxSeriesPerApp` per application. Returns how many
     * samples each application had dropped because its limit was reached.
     */
    async insert(samples: ImpactSample[], at: Date, maxSeriesPerApp: number): Promise<Map<string, number>> {
      if (samples.length === 0) return new Map();
      const keyed = samples.map((sample) => ({
        sample,
        key: {
          app_name: sample.appName,
          name: sample.name,
          type: sample.type,
          labels_key: labelsKey(sample.labels),
        },
      }));
      let left = keyed;
      try {
        const unknown = await insertKnown(db, keyed, at);
        left = keyed.filter((_, i) => unknown.has(i));
      } catch (error) {
        // A series pruned by another process since the statement began: create it again below.
        if (!isForeignKeyViolation(error)) throw error;
      }
      if (left.length === 0) return new Map();
      return insertCreatingSeries(db, left, at, maxSeriesPerApp);
    },

    /** Every metric with its type and help text (the newest help wins). */
    async metrics(): Promise<{ name: string; type: ImpactMetricType; help: string }[]> {
      return db.query(
        `SELECT name, type, (array_agg(help ORDER BY id DESC))[1] AS help
           FROM impact_metric_series GROUP BY name, type ORDER BY name, type`,
      );
    },

    /** The series of a metric whose labels match every selector (a label's value among those listed). */
    async series(
      name: string,
      type: ImpactMetricType | undefined,
      selectors: Record<string, string[]>,
      limit: number,
    ): Promise<{ type: ImpactMetricType; series: ImpactSeries[] }[]> {
      const params: unknown[] = [name];
      const where = ['name = $1'];
      if (type) where.push(`type = $${params.push(type)}`);
      for (const [label, values] of Object.entries(selectors)) {
        if (values.length === 0) continue;
        where.push(`labels ->> $${params.push(label)} = ANY($${params.push(values)}::text[])`);
      }
      const rows = await db.query<{
        id: string;
        type: ImpactMetricType;
        app_name: string;
        labels: Record<string, string>;
      }>(
        `SELECT id, type, app_name, labels FROM impact_metric_series WHERE ${where.join(' AND ')}
          ORDER BY id LIMIT $${params.push(limit + 1)}`,
        params,
      );
      const byType = groupBy(rows, (row) => row.type);
      return [...byType].map(([seriesType, of]) => ({
        type: seriesType,
        series: of.map((row) => ({ id: Number(row.id), appName: row.app_name, labels: row.labels })),
      }));
    },

    /** Names of the flags in these projects: labels a caller who may not see the projects must not see either. */
    async flagNamesIn(projects: string[]): Promise<Set<string>> {
      if (projects.length === 0) return new Set();
      const rows = await db.query<{ name: string }>('SELECT name FROM flags WHERE project_id = ANY($1)', [
        projects,
      ]);
      return new Set(rows.map((row) => row.name));
    },

    /** Every value each label of a metric has taken. */
    async labelValues(name: string, type: ImpactMetricType): Promise<Record<string, string[]>> {
      const rows = await db.query<{ key: string; value: string }>(
        `SELECT DISTINCT l.key, l.value FROM impact_metric_series s, jsonb_each_text(s.labels) AS l
          WHERE s.name = $1 AND s.type = $2 ORDER BY l.key, l.value`,
        [name, type],
      );
      const labels: Record<string, string[]> = {};
      for (const row of rows) (labels[row.key] ??= []).push(row.value);
      return labels;
    },

    /**
     * The series' points per step from `from` to `to`: roll-ups of `resolution` up to where that roll-up has gone,
     * raw samples after it (or raw samples only, without a resolution).
     */
    async points(
      seriesIds: number[],
      range: { from: Date; to: Date; step: number; resolution: number | null },
    ): Promise<ImpactPoint[]> {
      if (seriesIds.length === 0) return [];
      const [mark] = range.resolution
        ? await db.query<{ rolled_until: Date | null }>(
            'SELECT rolled_until FROM impact_metric_rollup_marks WHERE resolution_seconds = $1',
            [range.resolution],
          )
        : [];
      const rolledUntil = mark?.rolled_until ?? null;
      const rawFrom = rolledUntil && rolledUntil > range.from ? rolledUntil : range.from;
      const source = `
        SELECT series_id, at AS t, 1 AS reports, value AS value_sum, count, buckets FROM impact_metric_samples
         WHERE series_id = ANY($1::bigint[]) AND at >= $3 AND at <= $4
        ${
          range.resolution
            ? `UNION ALL
        SELECT series_id, bucket_start, reports, value_sum, count, buckets FROM impact_metric_rollups
         WHERE resolution_seconds = $5 AND series_id = ANY($1::bigint[]) AND bucket_start >= $6 AND bucket_start < $3`
            : ''
        }`;
      const params: unknown[] = [seriesIds, range.step, rawFrom, range.to];
      if (range.resolution) params.push(range.resolution, range.from);
      const rows = await db.query<PointRow>(`${aggregateSql(source, '$2::integer')} ORDER BY at`, params);
      return rows.map(toPoint);
    },

    /** Applications whose limit was reached in the last day, newest first. */
    async limitsReached(
      since: Date,
    ): Promise<{ appName: string; droppedSamples: number; lastDroppedAt: Date }[]> {
      const rows = await db.query<{ app_name: string; dropped_samples: string; last_dropped_at: Date }>(
        `SELECT app_name, dropped_samples, last_dropped_at FROM impact_metric_limits
          WHERE last_dropped_at >= $1 ORDER BY last_dropped_at DESC`,
        [since],
      );
      return rows.map((row) => ({
        appName: row.app_name,
        droppedSamples: Number(row.dropped_samples),
        lastDroppedAt: new Date(row.last_dropped_at),
      }));
    },
  };
}

type Keyed = { sample: ImpactSample; key: SeriesKey };

const sampleRow = ({ sample, key }: Keyed, i: number) => ({
  i,
  ...key,
  value: sample.value,
  count: sample.count,
  buckets: sample.buckets,
});

/**
 * The usual case in one statement: inserts the samples whose series exist, and returns the positions of those whose
 * series do not (yet).
 */
async function insertKnown(db: Db, keyed: Keyed[], at: Date): Promise<Set<number>> {
  const rows = await db.query<{ i: number }>(
    `WITH x AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(i integer, app_name text, name text, type text,
         labels_key text, value double precision, count bigint, buckets jsonb)),
     matched AS (
       SELECT x.i, s.id, x.value, x.count, x.buckets FROM x JOIN impact_metric_series s
         ON s.app_name = x.app_name AND s.name = x.name AND s.type = x.type AND s.labels_key = x.labels_key),
     inserted AS (
       INSERT INTO impact_metric_samples (series_id, at, value, count, buckets)
       SELECT id, $2, value, count, buckets FROM matched RETURNING 1)
     SELECT x.i FROM x WHERE x.i NOT IN (SELECT i FROM matched)`,
    [JSON.stringify(keyed.map(sampleRow)), at],
  );
  return new Set(rows.map((row) => Number(row.i)));
}

/** Creates the series of these samples up to the application's limit, stores their samples, and counts the rest. */
async function insertCreatingSeries(
  db: Db,
  keyed: Keyed[],
  at: Date,
  maxSeriesPerApp: number,
): Promise<Map<string, number>> {
  const dropped = new Map<string, number>();
  return db.transaction(async (tx) => {
    const wanted = new Map<string, SeriesKey & { help: string; labels: Record<string, string> }>();
    for (const { sample, key } of keyed)
      wanted.set(keyOf(key), { ...key, help: sample.help, labels: sample.labels });
    const ids = await existingIds(tx, [...wanted.values()]);
    const missing = [...wanted.entries()].filter(([key]) => !ids.has(key)).map(([, value]) => value);
    for (const [appName, ofApp] of groupBy(missing, (s) => s.app_name)) {
      if (tx.kind === 'postgres')
        await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SERIES_LOCK, appName]);
      const [counted] = await tx.query<{ n: string }>(
        'SELECT count(*) AS n FROM impact_metric_series WHERE app_name = $1',
        [appName],
      );
      const room = Math.max(0, maxSeriesPerApp - Number(counted?.n ?? 0));
      const created = ofApp.slice(0, room);
      if (created.length === 0) continue;
      await tx.query(
        `INSERT INTO impact_metric_series (app_name, name, type, help, labels, labels_key, created_at)
         SELECT app_name, name, type, COALESCE(help, ''), labels, labels_key, $2
           FROM jsonb_to_recordset($1::jsonb)
             AS x(app_name text, name text, type text, help text, labels jsonb, labels_key text)
         ON CONFLICT (app_name, name, type, labels_key) DO NOTHING`,
        [JSON.stringify(created), at],
      );
      for (const [key, id] of await existingIds(tx, created)) ids.set(key, id);
    }
    const rows = [];
    for (const { sample, key } of keyed) {
      const id = ids.get(keyOf(key));
      if (id === undefined) dropped.set(sample.appName, (dropped.get(sample.appName) ?? 0) + 1);
      else rows.push({ series_id: id, value: sample.value, count: sample.count, buckets: sample.buckets });
    }
    if (rows.length > 0)
      await tx.query(
        `INSERT INTO impact_metric_samples (series_id, at, value, count, buckets)
         SELECT series_id, $2, value, count, buckets
           FROM jsonb_to_recordset($1::jsonb) AS x(series_id bigint, value double precision, count bigint, buckets jsonb)`,
        [JSON.stringify(rows), at],
      );
    for (const [appName, n] of dropped)
      await tx.query(
        `INSERT INTO impact_metric_limits (app_name, dropped_samples, last_dropped_at) VALUES ($1, $2, $3)
         ON CONFLICT (app_name) DO UPDATE
           SET dropped_samples = impact_metric_limits.dropped_samples + excluded.dropped_samples,
               last_dropped_at = excluded.last_dropped_at`,
        [appName, n, at],
      );
    return dropped;
  });
}

async function existingIds(tx: Db, keys: SeriesKey[]): Promise<Map<string, number>> {
  const rows = await tx.query<SeriesKey & { id: string }>(
    `SELECT s.id, s.app_name, s.name, s.type, s.labels_key FROM impact_metric_series s
       JOIN jsonb_to_recordset($1::jsonb) AS k(app_name text, name text, type text, labels_key text)
         ON s.app_name = k.app_name AND s.name = k.name AND s.type = k.type AND s.labels_key = k.labels_key`,
    [
      JSON.stringify(
        keys.map(({ app_name, name, type, labels_key }) => ({ app_name, name, type, labels_key })),
      ),
    ],
  );
  return new Map(rows.map((row) => [keyOf(row), Number(row.id)]));
}

function groupBy<T, K>(items: T[], by: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = by(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export type ImpactMetricStore = ReturnType<typeof createImpactMetricStore>;
