import { createScimSettingsStore, createSsoSettingsStore } from '../../identity/index.ts';
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../../db/db.ts';

/** Counts that describe an installation, as Unleash's instance statistics name them. */
export type InstanceStats = Awaited<ReturnType<ReturnType<typeof createInstanceStatsReadModel>['collect']>>;

const count = async (db: Db, sql: string, params: unknown[] = []): Promise<number> =>
  (await db.query<{ n: number }>(sql, params))[0]?.n ?? 0;

/**
 * The checksum Unleash puts in `sum`: hex SHA-256 of the instance id and the counts of users, flags, projects, roles,
 * groups, environments and segments, concatenated.
 */
export function statsChecksum(stats: {
  instanceId: string;
  users: number;
  featureToggles: number;
  projects: number;
  roles: number;
  groups: number;
  environments: number;
  segments: number;
}): string {
  const text = `${stats.instanceId}${stats.users}${stats.featureToggles}${stats.projects}${stats.roles}${stats.groups}${stats.environments}${stats.segments}`;
  return createHash('sha256').update(text).digest('hex');
}

/** Reads the installation's statistics: one query per figure, all counts. */
export function createInstanceStatsReadModel(db: Db, settings: { oidcEnabled: boolean }) {
  const sso = createSsoSettingsStore(db);
  /** A random id made once per installation and kept in `settings`, shared by every process. */
  async function instanceId(): Promise<string> {
    await db.query(
      `INSERT INTO settings (name, value) VALUES ('instance_id', $1) ON CONFLICT (name) DO NOTHING`,
      [JSON.stringify(randomUUID())],
    );
    const [row] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE name = 'instance_id'`);
    return row!.value;
  }
  const activeSince = (days: number) =>
    count(
      db,
      `SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL AND NOT is_service
          AND seen_at > now() - make_interval(days => $1)`,
      [days],
    );
  const productionChangesSince = (days: number) =>
    count(
      db,
      `SELECT count(*)::int AS n FROM events ev JOIN environments e ON e.name = ev.environment
        WHERE e.type = 'production' AND ev.created_at > now() - make_interval(days => $1)`,
      [days],
    );
  const appsSince = (days: number | null) =>
    count(
      db,
      `SELECT count(DISTINCT app_name)::int AS n FROM client_instances
        WHERE $1::int IS NULL OR last_seen_at > now() - make_interval(days => $1::int)`,
      [days],
    );

  return {
    async collect() {
      const tokens = await db.query<{ type: string; n: number }>(
        'SELECT type, count(*)::int AS n FROM api_tokens GROUP BY type',
      );
      const tokensOf = (type: string) => tokens.find((row) => row.type === type)?.n ?? 0;
      const base = {
        instanceId: await instanceId(),
        users: await count(
          db,
          'SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL AND NOT is_service',
        ),
        featureToggles: await count(db, 'SELECT count(*)::int AS n FROM flags WHERE archived_at IS NULL'),
        projects: await count(db, 'SELECT count(*)::int AS n FROM projects'),
        roles: await count(db, 'SELECT count(*)::int AS n FROM roles'),
        groups: await count(db, 'SELECT count(*)::int AS n FROM groups'),
        environments: await count(db, 'SELECT count(*)::int AS n FROM environments'),
        segments: await count(db, 'SELECT count(*)::int AS n FROM segments'),
      };
      return {
        ...base,
        timestamp: new Date().toISOString(),
        serviceAccounts: await count(
          db,
          'SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL AND is_service',
        ),
        activeUsers: {
          last7: await activeSince(7),
          last30: await activeSince(30),
          last60: await activeSince(60),
          last90: await activeSince(90),
        },
        productionChanges: {
          last30: await productionChangesSince(30),
          last60: await productionChangesSince(60),
          last90: await productionChangesSince(90),
        },
        archivedFeatureToggles: await count(
          db,
          'SELECT count(*)::int AS n FROM flags WHERE archived_at IS NOT NULL',
        ),
        contextFields: await count(db, 'SELECT count(*)::int AS n FROM context_fields'),
        strategies: await count(db, 'SELECT count(*)::int AS n FROM strategy_definitions WHERE NOT built_in'),
        customRootRoles: await count(db, `SELECT count(*)::int AS n FROM roles WHERE type = 'root-custom'`),
        customRootRolesInUse: await count(
          db,
          `SELECT count(DISTINCT r.id)::int AS n FROM roles r
            WHERE r.type = 'root-custom' AND (EXISTS (SELECT 1 FROM users u WHERE u.root_role_id = r.id AND u.deleted_at IS NULL)
               OR EXISTS (SELECT 1 FROM groups g WHERE g.root_role_id = r.id))`,
        ),
        clientApps: [
          { range: 'allTime' as const, count: await appsSince(null) },
          { range: '30d' as const, count: await appsSince(30) },
          { range: '7d' as const, count: await appsSince(7) },
        ],
        featureExports: await count(
          db,
          `SELECT count(*)::int AS n FROM events WHERE type = 'features-exported'`,
        ),
        featureImports: await count(
          db,
          `SELECT count(*)::int AS n FROM events WHERE type = 'features-imported'`,
        ),
        apiTokens: { admin: tokensOf('admin'), client: tokensOf('client'), frontend: tokensOf('frontend') },
        maxEnvironmentStrategies: await count(
          db,
          `SELECT COALESCE(max(n), 0)::int AS n FROM
             (SELECT count(*) AS n FROM flag_strategies GROUP BY flag_name, environment_name) s`,
        ),
        maxConstraints: await count(
          db,
          `SELECT COALESCE(max(jsonb_array_length(constraints)), 0)::int AS n FROM flag_strategies`,
        ),
        maxConstraintValues: await count(
          db,
          `SELECT COALESCE(max(jsonb_array_length(COALESCE(c->'values', '[]'::jsonb))), 0)::int AS n
             FROM flag_strategies, jsonb_array_elements(constraints) c`,
        ),
        OIDCenabled: settings.oidcEnabled || (await sso.get('oidc')).enabled,
        SAMLenabled: (await sso.get('saml')).enabled,
        SCIMenabled: (await createScimSettingsStore(db).get()).enabled,
        passwordAuthEnabled: !(await sso.passwordDisabled()),
        sum: statsChecksum(base),
      };
    },
  };
}
