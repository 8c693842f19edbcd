import type { Db } from '../../../db/db.ts';
import { flagVisible } from '../../flag-model/projects/hidden-projects.ts';
import { outdatedSdks } from './sdk-version.ts';

/** The applications of a project: registered with a token naming it, or reporting usage of one of its flags. */
const PROJECT_APPS = `
  SELECT app_name FROM client_instances WHERE projects ? $1
  UNION
  SELECT m.app_name FROM client_metrics m JOIN flags f ON f.name = m.flag_name WHERE f.project_id = $1`;

export type ProjectApplication = {
  name: string;
  environments: string[];
  instances: string[];
  sdks: { name: string; versions: string[] }[];
};

export type EnvironmentOverview = {
  name: string;
  instanceCount: number;
  sdks: string[];
  /** The same SDKs split by how they registered: through the Frontend API, or as a server-side SDK. */
  frontendSdks: string[];
  backendSdks: string[];
  lastSeen: Date;
  missingFlags: string[];
  outdatedSdks: string[];
};
export type ApplicationOverview = {
  projects: string[];
  flagCount: number;
  environments: EnvironmentOverview[];
  missingStrategies: string[];
};

type InstanceRow = {
  app_name: string;
  instance_id: string;
  environment: string;
  sdk_version: string | null;
  sdk_type: 'frontend' | 'backend' | null;
  last_seen_at: Date;
  strategies: string[];
};

/** What SDK registrations and usage reports say about SDK versions, projects' applications and one application. */
export function createSdkReadModel(db: Db) {
  const reports = async (project?: string) =>
    db.query<{ sdk_version: string; app_name: string }>(
      `SELECT DISTINCT sdk_version, app_name FROM client_instances
        WHERE sdk_version IS NOT NULL ${project === undefined ? '' : `AND app_name IN (${PROJECT_APPS})`}`,
      project === undefined ? [] : [project],
    );
  const toReports = (rows: { sdk_version: string; app_name: string }[]) =>
    rows.map((r) => ({ sdkVersion: r.sdk_version, appName: r.app_name }));

  return {
    /** Outdated SDK versions (sdk-version.ts), everywhere or among a project's applications. */
    async outdated(project?: string) {
      return outdatedSdks(toReports(await reports(project)));
    },

    async projectApplications(project: string): Promise<ProjectApplication[]> {
      const rows = await db.query<InstanceRow>(
        `SELECT a.app_name, i.instance_id, i.environment, i.sdk_version
           FROM (${PROJECT_APPS}) a LEFT JOIN client_instances i ON i.app_name = a.app_name
          ORDER BY a.app_name, i.environment, i.instance_id`,
        [project],
      );
      const apps = new Map<
        string,
        { environments: Set<string>; instances: Set<string>; sdks: Map<string, Set<string>> }
      >();
      for (const row of rows) {
        const app = apps.get(row.app_name) ?? {
          environments: new Set(),
          instances: new Set(),
          sdks: new Map(),
        };
        apps.set(row.app_name, app);
        if (row.environment) app.environments.add(row.environment);
        if (row.instance_id) app.instances.add(row.instance_id);
        if (row.sdk_version) {
          const at = row.sdk_version.lastIndexOf(':');
          const name = at > 0 ? row.sdk_version.slice(0, at) : row.sdk_version;
          const versions = app.sdks.get(name) ?? new Set<string>();
          if (at > 0) versions.add(row.sdk_version.slice(at + 1));
          app.sdks.set(name, versions);
        }
      }
      return [...apps].map(([name, app]) => ({
        name,
        environments: [...app.environments],
        instances: [...app.instances],
        sdks: [...app.sdks].map(([sdk, versions]) => ({ name: sdk, versions: [...versions] })),
      }));
    },

    /**
     * Undefined when no SDK reported the application and nobody described it. Flags of `hidden` projects (the ones
     * the caller may not see) are left out: their projects, their count and their strategies.
     */
    async overview(appName: string, hidden: readonly string[]): Promise<ApplicationOverview | undefined> {
      const [app] = await db.query('SELECT 1 FROM client_applications WHERE app_name = $1', [appName]);
      if (!app) return undefined;
      const instances = await db.query<InstanceRow>(
        'SELECT * FROM client_instances WHERE app_name = $1 ORDER BY environment, instance_id',
        [appName],
      );
      const used = await db.query<{ flag_name: string; environment: string; project_id: string | null }>(
        `SELECT DISTINCT m.flag_name, m.environment, f.project_id
           FROM client_metrics m LEFT JOIN flags f ON f.name = m.flag_name
          WHERE m.app_name = $1 AND ${flagVisible('m.flag_name', '$2')}`,
        [appName, hidden],
      );
      const strategies = await db.query<{ strategy_name: string }>(
        `SELECT DISTINCT s.strategy_name FROM flag_strategies s
          WHERE s.flag_name IN (SELECT m.flag_name FROM client_metrics m
                                 WHERE m.app_name = $1 AND ${flagVisible('m.flag_name', '$2')})
          ORDER BY s.strategy_name`,
        [appName, hidden],
      );
      const outdated = new Set((await this.outdated()).map((sdk) => sdk.sdkVersion));
      const environments = new Map<string, EnvironmentOverview>();
      const implemented = new Set<string>();
      for (const instance of instances) {
        for (const strategy of instance.strategies) implemented.add(strategy);
        const env = environments.get(instance.environment) ?? {
          name: instance.environment,
          instanceCount: 0,
          sdks: [],
          frontendSdks: [],
          backendSdks: [],
          lastSeen: instance.last_seen_at,
          missingFlags: [],
          outdatedSdks: [],
        };
        environments.set(instance.environment, env);
        env.instanceCount++;
        if (instance.last_seen_at > env.lastSeen) env.lastSeen = instance.last_seen_at;
        const sdk = instance.sdk_version;
        if (sdk && !env.sdks.includes(sdk)) env.sdks.push(sdk);
        const ofType = instance.sdk_type === 'frontend' ? env.frontendSdks : env.backendSdks;
        if (sdk && !ofType.includes(sdk)) ofType.push(sdk);
        if (sdk && outdated.has(sdk) && !env.outdatedSdks.includes(sdk)) env.outdatedSdks.push(sdk);
      }
      for (const flag of used) {
        if (flag.project_id !== null) continue;
        environments.get(flag.environment)?.missingFlags.push(flag.flag_name);
      }
      for (const env of environments.values()) {
        env.sdks.sort();
        env.frontendSdks.sort();
        env.backendSdks.sort();
        env.outdatedSdks.sort();
        env.missingFlags.sort();
      }
      const projects = [
        ...new Set(used.flatMap((f) => (f.project_id === null ? [] : [f.project_id]))),
      ].sort();
      return {
        projects,
        flagCount: new Set(used.filter((f) => f.project_id !== null).map((f) => f.flag_name)).size,
        environments: [...environments.values()],
        // Only when instances said what they implement: an SDK that listed nothing cannot be judged.
        missingStrategies: implemented.size
          ? strategies.map((s) => s.strategy_name).filter((name) => !implemented.has(name))
          : [],
      };
    },
  };
}
