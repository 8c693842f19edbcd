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

/** An instance that reported: its "last seen" moves. */
export type Seen = { appName: string; environment: string; instanceId: string };

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
  const store = {
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
      await store.registerMany([r]);
    },
    /** Upserts many registrations in two statements; the last one of an instance wins. */
    async registerMany(registrations: Registration[]): Promise<void> {
      const latest = new Map<string, Registration>();
      for (const r of registrations) {
        countSdkVersion(r.sdkVersion ?? null);
        latest.set(JSON.stringify([r.appName, r.instanceId, r.environment]), r);
      }
      if (!latest.size) return;
      const rows = [...latest.values()];
      await db.query(
        `INSERT INTO client_applications (app_name, seen_at) SELECT DISTINCT a, now() FROM unnest($1::text[]) AS a
         ON CONFLICT (app_name) DO UPDATE SET seen_at = now()`,
        [[...new Set(rows.map((r) => r.appName))]],
      );
      await db.query(
        `INSERT INTO client_instances (app_name, instance_id, environment, sdk_type, sdk_version, strategies, started_at,
            interval_ms, connection_id, platform_name, platform_version, spec_version, projects)
         SELECT r.app_name, r.instance_id, r.environment, r.sdk_type, r.sdk_version, r.strategies, r.started_at,
            r.interval_ms, r.connection_id, r.platform_name, r.platform_version, r.spec_version, r.projects
           FROM jsonb_to_recordset($1::jsonb) AS r(app_name text, instance_id text, environment text, sdk_type text,
            sdk_version text, strategies jsonb, started_at timestamptz, interval_ms integer, connection_id text,
            platform_name text, platform_version text, spec_version text, projects jsonb)
         ON CONFLICT (app_name, instance_id, environment) DO UPDATE SET
           sdk_type = EXCLUDED.sdk_type, sdk_version = COALESCE(EXCLUDED.sdk_version, client_instances.sdk_version),
           strategies = EXCLUDED.strategies, started_at = COALESCE(EXCLUDED.started_at, client_instances.started_at),
           interval_ms = COALESCE(EXCLUDED.interval_ms, client_instances.interval_ms), connection_id = EXCLUDED.connection_id,
           platform_name = EXCLUDED.platform_name, platform_version = EXCLUDED.platform_version,
           spec_version = EXCLUDED.spec_version, projects = EXCLUDED.projects, last_seen_at = now()`,
        [
          JSON.stringify(
            rows.map((r) => ({
              app_name: r.appName,
              instance_id: r.instanceId,
              environment: r.environment,
              sdk_type: r.sdkType,
              sdk_version: r.sdkVersion ?? null,
              strategies: r.strategies ?? [],
              started_at: r.startedAt ?? null,
              interval_ms: r.intervalMs ?? null,
              connection_id: r.connectionId ?? null,
              platform_name: r.platformName ?? null,
              platform_version: r.platformVersion ?? null,
              spec_version: r.specVersion ?? null,
              projects: r.projects,
            })),
          ),
        ],
      );
    },
    /** Marks many applications and instances as seen now, in two statements (the report buffer's flush). */
    async seenMany(appNames: string[], instances: Seen[]): Promise<void> {
      if (appNames.length)
        await db.query(
          `INSERT INTO client_applications (app_name, seen_at) SELECT DISTINCT a, now() FROM unnest($1::text[]) AS a
           ON CONFLICT (app_name) DO UPDATE SET seen_at = now()`,
          [appNames],
        );
      if (instances.length)
        await db.query(
          `UPDATE client_instances AS c SET last_seen_at = now()
             FROM jsonb_to_recordset($1::jsonb) AS s(app_name text, environment text, instance_id text)
            WHERE c.app_name = s.app_name AND c.environment = s.environment AND c.instance_id = s.instance_id`,
          [
            JSON.stringify(
              instances.map((i) => ({
                app_name: i.appName,
                environment: i.environment,
                instance_id: i.instanceId,
              })),
            ),
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
  return store;
}

export type ClientReportStore = ReturnType<typeof createClientReportStore>;
