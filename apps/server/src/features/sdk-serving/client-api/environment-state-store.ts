import type { Db } from '../../../db/db.ts';
import type { FlagOrder } from '../../flag-model/history/history.ts';
import type {
  ClientConstraint,
  ClientFeature,
  ClientStrategy,
  ClientVariant,
  EnvironmentState,
} from './client-feature.ts';

type FlagRow = {
  name: string;
  type: string;
  description: string | null;
  project_id: string;
  stale: boolean;
  impression_data: boolean;
  enabled: boolean | null;
  variants: unknown[] | null;
};
type StrategyRow = {
  id: string;
  title: string | null;
  disabled: boolean;
  flag_name: string;
  strategy_name: string;
  parameters: Record<string, unknown> | null;
  constraints: unknown[] | null;
  variants: unknown[] | null;
  segment_ids: number[] | null;
};
type DependencyRow = { child: string; parent: string; enabled: boolean; variants: string[] | null };
type SegmentRow = { id: number; name: string; constraints: unknown[] | null };
type TagRow = { flag_name: string; tag_type: string; tag_value: string };

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** Fills the defaults SDKs rely on (`values: []`, booleans present) and keeps every stored field. */
export function toClientConstraint(raw: unknown): ClientConstraint {
  const c = asRecord(raw);
  const constraint: ClientConstraint = {
    ...c,
    contextName: String(c.contextName ?? ''),
    operator: String(c.operator ?? ''),
    values: Array.isArray(c.values) ? c.values.map(String) : [],
    inverted: Boolean(c.inverted),
    caseInsensitive: Boolean(c.caseInsensitive),
  };
  if (c.value === undefined || c.value === null) delete constraint.value;
  else constraint.value = String(c.value);
  return constraint;
}

/** A strategy variant without stickiness keeps none (SDKs then use the strategy's); flag variants default to `default`. */
export function toClientVariant(raw: unknown, defaultStickiness: string | null = 'default'): ClientVariant {
  const v = asRecord(raw);
  const variant: ClientVariant = {
    ...v,
    name: String(v.name ?? ''),
    weight: Number(v.weight ?? 0),
    weightType: String(v.weightType ?? 'variable'),
  };
  const stickiness = v.stickiness ?? defaultStickiness;
  if (stickiness !== undefined && stickiness !== null) variant.stickiness = String(stickiness);
  if (v.payload === undefined || v.payload === null) delete variant.payload;
  if (v.overrides === undefined || v.overrides === null) delete variant.overrides;
  return variant;
}

const stringParameters = (raw: Record<string, unknown> | null): Record<string, string> =>
  Object.fromEntries(Object.entries(raw ?? {}).map(([key, value]) => [key, String(value)]));

/**
 * Reads everything SDKs need for one environment in five queries, whatever the number of flags:
 * flags with their state there, strategies not marked disabled in stored order, dependencies, tags and segments. A flag
 * that is off there keeps its strategies and variants, as Unleash serves them.
 */
export async function loadEnvironmentState(
  db: Db,
  environment: string,
  options: { withDisabledStrategies?: boolean; flags?: string[] } = {},
): Promise<EnvironmentState> {
  return (await readEnvironment(db, environment, options)).state;
}

/**
 * An environment as `loadEnvironmentState` reads it, and in the same statement (one snapshot) the served feed's
 * position and, with `withOrder`, each flag's place in the served order as served history records it.
 */
export async function readEnvironment(
  db: Db,
  environment: string,
  options: { withDisabledStrategies?: boolean; flags?: string[]; withOrder?: boolean } = {},
): Promise<{ state: EnvironmentState; position: number; order: FlagOrder }> {
  // Served history reads only the flags a write named (decision record 0041); segments are read whole either way.
  // One statement: one round trip per load, which every server process makes after each change (so a fleet's
  // statements per change grow by one per process, not six), and one snapshot, so the parts always agree.
  const only = options.flags ?? null;
  const list = (select: string, order: string) =>
    `coalesce((SELECT json_agg(x ORDER BY ${order}) FROM (${select}) x), '[]'::json)`;
  // The rank among flags created in the same microsecond, all flags counted (archived too), as history ranks them.
  const order = options.withOrder
    ? `, to_char(f.created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') AS at, r.rank`
    : '';
  const ranked = options.withOrder
    ? `LEFT JOIN (SELECT name, (row_number() OVER (PARTITION BY created_at ORDER BY name))::int AS rank
                  FROM flags) r ON r.name = f.name`
    : '';
  const [row] = await db.query<{
    revision: number | null;
    position: number | null;
    flags: (FlagRow & { at?: string; rank?: number })[];
    strategies: StrategyRow[];
    dependencies: DependencyRow[];
    tags: TagRow[];
    segments: SegmentRow[];
  }>(
    `SELECT (SELECT max(id) FROM events) AS revision, (SELECT position FROM served_feed) AS position,
       ${list(
         `SELECT f.name, f.type, f.description, f.project_id, f.stale, f.impression_data, fe.enabled, fe.variants,
                 f.created_at${order}
            FROM flags f
            LEFT JOIN flag_environments fe ON fe.flag_name = f.name AND fe.environment_name = $1
            ${ranked}
           WHERE f.archived_at IS NULL AND ($3::text[] IS NULL OR f.name = ANY($3))`,
         'x.created_at, x.name',
       )} AS flags,
       ${list(
         `SELECT s.id, s.title, s.disabled, s.flag_name, s.strategy_name, s.parameters, s.constraints, s.variants,
                 (SELECT array_agg(ss.segment_id ORDER BY ss.segment_id) FROM flag_strategy_segments ss
                   WHERE ss.strategy_id = s.id) AS segment_ids,
                 s.sort_order, s.created_at
            FROM flag_strategies s
            JOIN flags f ON f.name = s.flag_name AND f.archived_at IS NULL
           WHERE s.environment_name = $1 AND (NOT s.disabled OR $2) AND ($3::text[] IS NULL OR s.flag_name = ANY($3))`,
         'x.flag_name, x.sort_order, x.created_at, x.id',
       )} AS strategies,
       ${list(
         `SELECT d.child, d.parent, d.enabled, d.variants FROM flag_dependencies d
            JOIN flags f ON f.name = d.child AND f.archived_at IS NULL
           WHERE $3::text[] IS NULL OR d.child = ANY($3)`,
         'x.child, x.parent',
       )} AS dependencies,
       ${list(
         // Ordered, so that a flag's tags read alone come in the order they come in with every flag.
         `SELECT flag_name, tag_type, tag_value FROM flag_tags WHERE $3::text[] IS NULL OR flag_name = ANY($3)`,
         'x.flag_name, x.tag_type, x.tag_value',
       )} AS tags,
       ${list(
         // The segments this environment's strategies use (disabled ones too): what its flags can be served with,
         // and a set that changes only with a change to this environment (or to a segment).
         `SELECT id, name, constraints FROM segments WHERE id IN (
            SELECT ss.segment_id FROM flag_strategy_segments ss
              JOIN flag_strategies s ON s.id = ss.strategy_id AND s.environment_name = $1
              JOIN flags f ON f.name = s.flag_name AND f.archived_at IS NULL)`,
         'x.id',
       )} AS segments`,
    [environment, options.withDisabledStrategies ?? false, only],
  );
  const {
    revision = null,
    position = null,
    flags = [],
    strategies = [],
    dependencies = [],
    tags = [],
    segments = [],
  } = row ?? {};

  const strategiesByFlag = new Map<string, ClientStrategy[]>();
  for (const row of strategies) {
    const strategy: ClientStrategy = {
      name: row.strategy_name,
      constraints: (row.constraints ?? []).map(toClientConstraint),
      parameters: stringParameters(row.parameters),
      variants: (row.variants ?? []).map((v) => toClientVariant(v, null)),
    };
    if (row.segment_ids?.length) strategy.segments = row.segment_ids;
    // The playground explains disabled strategies too, and names each strategy; SDKs never see these fields.
    if (options.withDisabledStrategies)
      Object.assign(strategy, { id: row.id, title: row.title, disabled: row.disabled });
    const list = strategiesByFlag.get(row.flag_name) ?? [];
    list.push(strategy);
    strategiesByFlag.set(row.flag_name, list);
  }
  const dependenciesByFlag = new Map<string, NonNullable<ClientFeature['dependencies']>>();
  for (const row of dependencies) {
    const list = dependenciesByFlag.get(row.child) ?? [];
    list.push({
      feature: row.parent,
      enabled: row.enabled,
      ...(row.variants?.length ? { variants: row.variants } : {}),
    });
    dependenciesByFlag.set(row.child, list);
  }
  const tagsByFlag = new Map<string, string[]>();
  for (const row of tags) {
    const list = tagsByFlag.get(row.flag_name) ?? [];
    list.push(`${row.tag_type}:${row.tag_value}`);
    tagsByFlag.set(row.flag_name, list);
  }

  const features = flags.map((row): ClientFeature => {
    const feature: ClientFeature = {
      name: row.name,
      type: row.type,
      description: row.description,
      project: row.project_id,
      enabled: row.enabled ?? false,
      stale: row.stale,
      impressionData: row.impression_data,
      // Served as stored whatever the state: SDKs decide on `enabled`, and tools that mirror this API keep the rest.
      strategies: strategiesByFlag.get(row.name) ?? [],
      variants: (row.variants ?? []).map((v) => toClientVariant(v)),
    };
    const deps = dependenciesByFlag.get(row.name);
    if (deps) feature.dependencies = deps;
    return feature;
  });

  const state: EnvironmentState = {
    environment,
    revisionId: revision ?? 0,
    features,
    tags: tagsByFlag,
    segments: segments.map((row) => ({
      id: row.id,
      name: row.name,
      constraints: (row.constraints ?? []).map(toClientConstraint),
    })),
  };
  const flagOrder: FlagOrder = new Map(
    options.withOrder ? flags.map((flag) => [flag.name, [flag.at ?? '', flag.rank ?? 0]]) : [],
  );
  return { state, position: position ?? 0, order: flagOrder };
}
