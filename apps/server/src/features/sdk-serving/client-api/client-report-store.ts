import type { Db } from '../../../db/db.ts';
import { countFlagUsage, countSdkVersion } from '../../instance/index.ts';
import { createUnknownFlagStore } from '../metrics/unknown-flag-store.ts';

/** "Last seen" moves at most this often per application and per instance, so metrics cost no extra write each. */
export const SEEN_EVERY_MS = 60_000;

export type Registration = {
  appName: string;
  instanceId: string;
  environment: string;
  sdkType: 'backend' | 'frontend';
  sdkVersion?: string | null;
  strategies?: string[];
  startedAt?: Date | null;
  intervalMs?: number | null;
  connectionId?: string | null;
  platformName?: string | null;
  platformVersion?: string | null;
  specVersion?: string | null;
  projects: string[];
};

export type FlagCount = { flagName: string; yes: number; no: number; variants: Record<string, number> };

/**
 * Registrations and usage counts reported by SDKs; nothing here writes events, so reports never invalidate caches.
 * `now` is the clock of the once-a-minute throttles (last seen, pruning unknown flags).
 */
export function createClientReportStore(db: Db, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const unknownFlags = createUnknownFlagStore(db);
  /** When this process last moved each application's or instance's last seen. */
  const touched = new Map<string, number>();
  let prunedAt = -Infinity;
  const due = (key: string): boolean => {
    const time = now();
    const last = touched.get(key);
    if (last !== undefined && time - last < SEEN_EVERY_MS) return false;
    if (touched.size > 50_000) touched.clear();
    touched.set(key, time);
    return true;
  };
  return {
    /**
     * Marks the application (and the instance, when named) as seen now: an SDK registers once at start-up but
     * reports metrics every minute or so. At most once a minute per application and per instance in this process.
     */
    async seen(appName: string, environment: string, instanceId?: string): Promise<void> {
      if (due(`app\u0000${appName}`))
        await db.query(
          `INSERT INTO client_applications (app_name, seen_at) VALUES ($1, now())
           ON CONFLICT (app_name) DO UPDATE SET seen_at = now()`,
          [appName],
        );
      if (instanceId && due(`instance\u0000${appName}\u0000${environment}\u0000${instanceId}`))
        await db.query(
          `UPDATE client_instances SET last_seen_at = now()
            WHERE app_name = $1 AND environment = $2 AND instance_id = $3`,
          [appName, environment, instanceId],
        );
    },
    async register(r: Registration): Promise<void> {
      countSdkVersion(r.sdkVersion ?? null);
      await db.query(
        `INSERT INTO client_applications (app_name, seen_at) VALUES ($1, now())
         ON CONFLICT (app_name) DO UPDATE SET seen_at = now()`,
        [r.appName],
      );
      await db.query(
        `INSERT INTO client_instances (app_name, instance_id, environment, sdk_type, sdk_version, strategies, started_at,
            interval_ms, connection_id, platform_name, platform_version, spec_version, projects)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (app_name, instance_id, environment) DO UPDATE SET
           sdk_type = EXCLUDED.sdk_type, sdk_version = COALESCE(EXCLUDED.sdk_version, client_instances.sdk_version),
           strategies = EXCLUDED.strategies, started_at = COALESCE(EXCLUDED.started_at, client_instances.started_at),
           interval_ms = COALESCE(EXCLUDED.interval_ms, client_instances.interval_ms), connection_id = EXCLUDED.connection_id,
           platform_name = EXCLUDED.platform_name, platform_version = EXCLUDED.platform_version,
           spec_version = EXCLUDED.spec_version, projects = EXCLUDED.projects, last_seen_at = now()`,
        [
          r.appName,
          r.instanceId,
          r.environment,
          r.sdkType,
          r.sdkVersion ?? null,
          JSON.stringify(r.strategies ?? []),
          r.startedAt ?? null,
          r.intervalMs ?? null,
          r.connectionId ?? null,
          r.platformName ?? null,
          r.platformVersion ?? null,
          r.specVersion ?? null,
          JSON.stringify(r.projects),
        ],
      );
    },
    /**
     * Adds counts to the hour of `start`, merging variant counts; marks the flags as seen. A token limited to
     * `projects` reports only on their flags: counts for another project's flags are dropped (a flag that does not
     * exist is still recorded as unknown).
     */
    async addCounts(
      appName: string,
      environment: string,
      start: Date,
      reported: FlagCount[],
      projects: readonly string[] = ['*'],
    ): Promise<void> {
      let counts = reported;
      if (counts.length && !projects.includes('*')) {
        const foreign = await db.query<{ name: string }>(
          'SELECT name FROM flags WHERE name = ANY($1) AND NOT (project_id = ANY($2))',
          [counts.map((c) => c.flagName), [...projects]],
        );
        const names = new Set(foreign.map((row) => row.name));
        counts = counts.filter((c) => !names.has(c.flagName));
      }
      if (!counts.length) return;
      const hour = new Date(start);
      hour.setUTCMinutes(0, 0, 0);
      await db.query(
        `INSERT INTO client_metrics AS m (flag_name, app_name, environment, hour, yes, no, variants)
         SELECT c.flag_name, $1, $2, $3, c.yes, c.no, c.variants
           FROM jsonb_to_recordset($4::jsonb) AS c(flag_name text, yes bigint, no bigint, variants jsonb)
         ON CONFLICT (flag_name, app_name, environment, hour) DO UPDATE SET
           yes = m.yes + EXCLUDED.yes,
           no = m.no + EXCLUDED.no,
           variants = (
             SELECT COALESCE(jsonb_object_agg(k, COALESCE((m.variants->>k)::bigint, 0) + COALESCE((EXCLUDED.variants->>k)::bigint, 0)), '{}')
               FROM jsonb_object_keys(m.variants || EXCLUDED.variants) AS k
           )`,
        [
          appName,
          environment,
          hour,
          JSON.stringify(
            counts.map((c) => ({ flag_name: c.flagName, yes: c.yes, no: c.no, variants: c.variants })),
          ),
        ],
      );
      // For Prometheus, once stored: the client, frontend and edge reports all pass here.
      countFlagUsage(appName, counts);
      await unknownFlags.record(
        appName,
        environment,
        counts.map((c) => c.flagName),
      );
      if (now() - prunedAt >= SEEN_EVERY_MS) {
        prunedAt = now();
        await unknownFlags.prune();
      }
      const seen = counts.filter((c) => c.yes + c.no > 0).map((c) => c.flagName);
      if (seen.length) {
        await db.query('UPDATE flags SET last_seen_at = now() WHERE name = ANY($1)', [seen]);
        await db.query(
          'UPDATE flag_environments SET last_seen_at = now() WHERE flag_name = ANY($1) AND environment_name = $2',
          [seen, environment],
        );
      }
    },
  };
}

export type ClientReportStore = ReturnType<typeof createClientReportStore>;
