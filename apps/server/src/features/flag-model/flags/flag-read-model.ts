import type { Db } from '../../../db/db.ts';
import type {
  Dependency,
  FlagDetails,
  FlagEnvironmentSummary,
  FlagLink,
  FlagListItem,
  Strategy,
} from './flag.ts';
import { createFlagEnvironmentStore } from './flag-environment-store.ts';
import { createFlagLifecycleStore } from './flag-lifecycle-store.ts';
import { requireFlag, requireProject } from './flag-lookup.ts';
import { createFlagStrategyStore } from './flag-strategy-store.ts';

/** A flag row as json_agg renders it: timestamps are ISO strings. */
type ListedFlagJson = {
  name: string;
  project_id: string;
  type: string;
  description: string | null;
  stale: boolean;
  impression_data: boolean;
  created_at: string;
  last_seen_at: string | null;
  favorite: boolean;
  is_child: boolean;
  is_parent: boolean;
  tag_types: string[] | null;
  tag_values: string[] | null;
};
type EnvironmentJson = { name: string; type: string; sort_order: number };
type EnvironmentStateJson = {
  flag_name: string;
  environment_name: string;
  enabled: boolean | null;
  variant_count: number | null;
  last_seen_at: string | null;
  strategy_count: number | null;
  active_count: number | null;
};

export type FlagListFilter = { namePrefix?: string; tags?: { type: string; value: string }[] };

const toDate = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The project's active flags, used as `(x IN (PROJECT_FLAGS)) IS TRUE`: wrapped like that PostgreSQL cannot turn
 * it into a join and hashes the names once (a "hashed SubPlan"), then scans the child table. Without table
 * statistics (PGlite never runs autovacuum) the planner would otherwise guess the project has a handful of flags
 * and probe an index once per flag, several times slower with 1,000 flags.
 */
const PROJECT_FLAGS = 'SELECT name FROM flags WHERE project_id = $1 AND archived_at IS NULL';

/** Reads across the flag tables (and tags, dependencies, favorites, links) for the flag views. */
export function createFlagReadModel(db: Db) {
  return {
    /**
     * A project's active flags with per-environment summaries, in ONE statement whatever the number of flags.
     * Why it looks like this (measured with 1,000 flags on PGlite): each value PGlite hands to JavaScript costs
     * about a microsecond and each index probe tens, so the three row sets (environments, flags, states of
     * flag × environment) come back as three json_agg texts, and every lookup is a hash (uncorrelated IN, grouped
     * joins) rather than a probe per flag. Building the wire JSON in SQL (json_build_object) was slower still.
     */
    async list(project: string, userId: number | null, filter: FlagListFilter = {}): Promise<FlagListItem[]> {
      const params: unknown[] = [project, userId ?? -1];
      let where = 'f.project_id = $1 AND f.archived_at IS NULL';
      if (filter.namePrefix) {
        params.push(filter.namePrefix);
        where += ` AND starts_with(f.name, $${params.length})`;
      }
      if (filter.tags?.length) {
        params.push(JSON.stringify(filter.tags));
        where += ` AND f.name IN (SELECT t.flag_name FROM flag_tags t, jsonb_to_recordset($${params.length}::jsonb) AS w(type text, value text)
                      WHERE t.tag_type = w.type AND t.tag_value = w.value)`;
      }
      const [row] = await db.query<{
        found: boolean;
        environments: string | null;
        flags: string | null;
        states: string | null;
      }>(
        `SELECT EXISTS (SELECT 1 FROM projects WHERE id = $1) AS found,
           (SELECT json_agg(e ORDER BY e.sort_order, e.name) FROM (
              SELECT e.name, e.type, e.sort_order FROM project_environments pe
                JOIN environments e ON e.name = pe.environment_name WHERE pe.project_id = $1) e)::text AS environments,
           (SELECT json_agg(x) FROM (
              SELECT f.name, f.project_id, f.type, f.description, f.stale, f.impression_data, f.created_at, f.last_seen_at,
                     f.name IN (SELECT flag_name FROM favorite_flags WHERE user_id = $2) AS favorite,
                     f.name IN (SELECT child FROM flag_dependencies) AS is_child,
                     f.name IN (SELECT parent FROM flag_dependencies) AS is_parent,
                     t.types AS tag_types, t.values AS tag_values
                FROM flags f
                LEFT JOIN (SELECT flag_name, array_agg(tag_type ORDER BY tag_type, tag_value) AS types,
                                  array_agg(tag_value ORDER BY tag_type, tag_value) AS values
                             FROM flag_tags GROUP BY flag_name) t ON t.flag_name = f.name
               WHERE ${where}
               ORDER BY f.created_at, f.name) x)::text AS flags,
           (SELECT json_agg(s) FROM (
              SELECT COALESCE(fe.flag_name, st.flag_name) AS flag_name,
                     COALESCE(fe.environment_name, st.environment_name) AS environment_name,
                     fe.enabled, fe.variant_count, fe.last_seen_at, st.strategy_count, st.active_count
                FROM (SELECT fe.flag_name, fe.environment_name, fe.enabled, jsonb_array_length(fe.variants) AS variant_count,
                             fe.last_seen_at
                        FROM flag_environments fe WHERE (fe.flag_name IN (${PROJECT_FLAGS})) IS TRUE) fe
                FULL JOIN (SELECT s.flag_name, s.environment_name, count(*) AS strategy_count,
                                  count(*) FILTER (WHERE NOT s.disabled) AS active_count
                             FROM flag_strategies s WHERE (s.flag_name IN (${PROJECT_FLAGS})) IS TRUE
                            GROUP BY s.flag_name, s.environment_name) st
                  ON st.flag_name = fe.flag_name AND st.environment_name = fe.environment_name) s)::text AS states`,
        params,
      );
      if (!row?.found) await requireProject(db, project);
      const flags: ListedFlagJson[] = JSON.parse(row!.flags ?? '[]');
      if (flags.length === 0) return [];
      const environments: EnvironmentJson[] = JSON.parse(row!.environments ?? '[]');
      const states: EnvironmentStateJson[] = JSON.parse(row!.states ?? '[]');
      const stateOf = new Map(
        states.map((state) => [`${state.environment_name}\u0000${state.flag_name}`, state]),
      );
      return flags.map((flag) => ({
        name: flag.name,
        project: flag.project_id,
        type: flag.type,
        description: flag.description,
        stale: flag.stale,
        impressionData: flag.impression_data,
        createdAt: new Date(flag.created_at),
        archivedAt: null,
        lastSeenAt: toDate(flag.last_seen_at),
        createdByUserId: null,
        favorite: flag.favorite,
        dependencyType: flag.is_child ? 'child' : flag.is_parent ? 'parent' : null,
        tags: (flag.tag_types ?? []).map((type, index) => ({ type, value: flag.tag_values![index]! })),
        environments: environments.map((environment): FlagEnvironmentSummary => {
          const state = stateOf.get(`${environment.name}\u0000${flag.name}`);
          return {
            name: environment.name,
            type: environment.type,
            sortOrder: environment.sort_order,
            enabled: state?.enabled ?? false,
            variantCount: state?.variant_count ?? 0,
            lastSeenAt: toDate(state?.last_seen_at ?? null),
            hasStrategies: (state?.strategy_count ?? 0) > 0,
            hasEnabledStrategies: (state?.active_count ?? 0) > 0,
          };
        }),
      }));
    },

    /** One active flag with everything about it: environments with strategies and variants, and its relations. */
    async get(project: string, flagName: string, userId: number | null): Promise<FlagDetails> {
      const flag = await requireFlag(db, project, flagName);
      const [
        environments,
        strategies,
        dependencies,
        children,
        tags,
        links,
        favorite,
        stages,
        creator,
        collaborators,
      ] = await Promise.all([
        createFlagEnvironmentStore(db).list(flagName),
        createFlagStrategyStore(db).listForFlag(flagName),
        db.query<Dependency>(
          'SELECT parent AS feature, enabled, variants FROM flag_dependencies WHERE child = $1 ORDER BY parent',
          [flagName],
        ),
        db.query<{ child: string }>(
          `SELECT d.child FROM flag_dependencies d JOIN flags c ON c.name = d.child AND c.archived_at IS NULL
              WHERE d.parent = $1 ORDER BY d.child`,
          [flagName],
        ),
        db.query<{ type: string; value: string }>(
          'SELECT tag_type AS type, tag_value AS value FROM flag_tags WHERE flag_name = $1 ORDER BY tag_type, tag_value',
          [flagName],
        ),
        db.query<FlagLink>(
          'SELECT id, url, title FROM flag_links WHERE flag_name = $1 ORDER BY created_at, id',
          [flagName],
        ),
        db.query('SELECT 1 FROM favorite_flags WHERE flag_name = $1 AND user_id = $2', [
          flagName,
          userId ?? -1,
        ]),
        createFlagLifecycleStore(db).stages(flag),
        db.query<{ id: number; name: string }>(
          'SELECT id, COALESCE(name, username, email) AS name FROM users WHERE id = $1',
          [flag.createdByUserId ?? -1],
        ),
        // Everyone whose change is recorded on the flag, the most recent first (Unleash's collaborators).
        db.query<{ id: number; name: string }>(
          `SELECT u.id, COALESCE(u.name, u.username, u.email, 'unknown') AS name
               FROM (SELECT created_by_user_id AS id, max(created_at) AS last FROM events
                      WHERE feature_name = $1 AND created_by_user_id IS NOT NULL GROUP BY created_by_user_id) changes
               JOIN users u ON u.id = changes.id
              ORDER BY changes.last DESC, u.id`,
          [flagName],
        ),
      ]);
      const byEnvironment = new Map<string, Strategy[]>();
      for (const strategy of strategies) {
        let list = byEnvironment.get(strategy.environment);
        if (!list) byEnvironment.set(strategy.environment, (list = []));
        list.push(strategy);
      }
      return {
        ...flag,
        environments: environments.map((environment) => ({
          ...environment,
          strategies: byEnvironment.get(environment.name) ?? [],
        })),
        dependencies: dependencies.map((d) => ({
          feature: d.feature,
          enabled: d.enabled,
          variants: d.variants ?? [],
        })),
        children: children.map((row) => row.child),
        tags,
        links,
        favorite: favorite.length > 0,
        lifecycle: stages.at(-1)!,
        createdBy: creator[0] ?? null,
        collaborators,
      };
    },
  };
}

export type FlagReadModel = ReturnType<typeof createFlagReadModel>;
