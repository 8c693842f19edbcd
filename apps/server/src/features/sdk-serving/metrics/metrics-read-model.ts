import type { Db } from '../../../db/db.ts';
import { flagVisible } from '../../flag-model/projects/hidden-projects.ts';

export type ApplicationSummary = {
  appName: string;
  description: string | null;
  url: string | null;
  color: string | null;
  icon: string | null;
  createdAt: Date;
  seenAt: Date | null;
};
export type Instance = {
  instanceId: string;
  environment: string;
  sdkType: string;
  sdkVersion: string | null;
  lastSeen: Date;
  strategies: string[];
};
export type HourlyCount = {
  flagName: string;
  appName: string;
  environment: string;
  hour: Date;
  yes: number;
  no: number;
  variants: Record<string, number>;
};

/** Reads what SDKs reported (register and metrics) for the admin views. */
export function createMetricsReadModel(db: Db) {
  return {
    async applications(): Promise<ApplicationSummary[]> {
      const rows = await db.query<{
        app_name: string;
        description: string | null;
        url: string | null;
        color: string | null;
        icon: string | null;
        created_at: Date;
        seen_at: Date | null;
      }>('SELECT * FROM client_applications ORDER BY app_name');
      return rows.map((r) => ({
        appName: r.app_name,
        description: r.description,
        url: r.url,
        color: r.color,
        icon: r.icon,
        createdAt: r.created_at,
        seenAt: r.seen_at,
      }));
    },
    async instances(appName: string): Promise<Instance[]> {
      const rows = await db.query<{
        instance_id: string;
        environment: string;
        sdk_type: string;
        sdk_version: string | null;
        last_seen_at: Date;
        strategies: string[];
      }>('SELECT * FROM client_instances WHERE app_name = $1 ORDER BY last_seen_at DESC', [appName]);
      return rows.map((r) => ({
        instanceId: r.instance_id,
        environment: r.environment,
        sdkType: r.sdk_type,
        sdkVersion: r.sdk_version,
        lastSeen: r.last_seen_at,
        strategies: r.strategies,
      }));
    },
    /** The flag names the application reported, but flags of `hidden` projects (unknown names stay). */
    async seenFlags(appName: string, hidden: readonly string[]): Promise<string[]> {
      const rows = await db.query<{ flag_name: string }>(
        `SELECT DISTINCT m.flag_name FROM client_metrics m
          WHERE m.app_name = $1 AND ${flagVisible('m.flag_name', '$2')} ORDER BY m.flag_name`,
        [appName, hidden],
      );
      return rows.map((r) => r.flag_name);
    },
    /** Hourly counts for one flag over the last `hours` hours, newest first. */
    async flagCounts(flagName: string, hours = 48): Promise<HourlyCount[]> {
      const rows = await db.query<{
        flag_name: string;
        app_name: string;
        environment: string;
        hour: Date;
        yes: number;
        no: number;
        variants: Record<string, number>;
      }>(
        `SELECT * FROM client_metrics WHERE flag_name = $1 AND hour > now() - make_interval(hours => $2)
          ORDER BY hour DESC, app_name, environment`,
        [flagName, hours],
      );
      return rows.map((r) => ({
        flagName: r.flag_name,
        appName: r.app_name,
        environment: r.environment,
        hour: r.hour,
        yes: Number(r.yes),
        no: Number(r.no),
        variants: r.variants,
      }));
    },
  };
}
