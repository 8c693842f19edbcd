import { currentStageEnteredSql, currentStageSql } from '../flags/flag-lifecycle-store.ts';
import type { Filter, SearchQuery, SetOperator, State, ValueOperator } from './search-query.ts';

/** A statement and its parameters. */
export type Sql = { text: string; params: unknown[] };

/** Collects parameters and hands out their placeholders, so clauses never splice values into SQL. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `%fragment%` with LIKE's own wildcards escaped, so searching for `50%` finds `50%` only. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const negated = (operator: string) => operator === 'IS_NOT' || operator === 'IS_NONE_OF';

function valueFilter(
  column: string,
  filter: Filter<ValueOperator>,
  params: Params,
  nullable = false,
): string {
  const match = `${column} = ANY(${params.add(filter.values)})`;
  if (!negated(filter.operator)) return match;
  return nullable ? `(${column} IS NULL OR NOT ${match})` : `NOT ${match}`;
}

/** Whether the flag matches any of the states; potentially stale means not stale but older than its type's lifetime. */
function stateFilter(filter: Filter<ValueOperator> & { values: State[] }): string {
  const potentially = `EXISTS (SELECT 1 FROM flag_types ft WHERE ft.id = f.type AND ft.lifetime_days IS NOT NULL
      AND f.created_at + ft.lifetime_days * interval '1 day' < now())`;
  const conditions = [...new Set(filter.values)].map((state) =>
    state === 'active' ? 'NOT f.stale' : state === 'stale' ? 'f.stale' : `(NOT f.stale AND ${potentially})`,
  );
  const any = `(${conditions.join(' OR ')})`;
  return negated(filter.operator) ? `NOT ${any}` : any;
}

/**
 * Unleash's set operators over a subquery of flag names: having any of the values, all of them, or the negations.
 * `matching` selects `flag_name` rows for the values and `distinctValue` counts distinct matched values.
 */
function setFilter(
  operator: SetOperator,
  matching: string,
  distinctValue: string,
  count: number,
  params: Params,
) {
  const any = `SELECT flag_name FROM (${matching}) matched`;
  // Built on demand: the count is a parameter, and PostgreSQL refuses parameters a statement never uses.
  const all = () =>
    `${any} GROUP BY flag_name HAVING count(DISTINCT ${distinctValue}) = ${params.add(count)}`;
  switch (operator) {
    case 'INCLUDE':
    case 'INCLUDE_ANY_OF':
      return `f.name IN (${any})`;
    case 'DO_NOT_INCLUDE':
    case 'EXCLUDE_IF_ANY_OF':
      return `f.name NOT IN (${any})`;
    case 'INCLUDE_ALL_OF':
      return `f.name IN (${all()})`;
    case 'EXCLUDE_ALL':
      return `f.name NOT IN (${all()})`;
  }
}

/** The WHERE clause shared by the page and the count. */
function whereClause(query: SearchQuery, params: Params): string {
  const where = [query.archived ? 'f.archived_at IS NOT NULL' : 'f.archived_at IS NULL'];
  if (query.terms.length) {
    const patterns = params.add(query.terms.map(containing));
    where.push(`(lower(f.name) LIKE ANY(${patterns})
      OR lower(coalesce(f.description, '')) LIKE ANY(${patterns})
      OR EXISTS (SELECT 1 FROM flag_tags st WHERE st.flag_name = f.name
                 AND lower(st.tag_type || ':' || st.tag_value) LIKE ANY(${patterns})))`);
  }
  if (query.project) where.push(valueFilter('f.project_id', query.project, params));
  if (query.hiddenProjects?.length)
    where.push(`NOT (f.project_id = ANY(${params.add(query.hiddenProjects)}))`);
  if (query.type) where.push(valueFilter('f.type', query.type, params));
  if (query.state) where.push(stateFilter(query.state));
  if (query.createdBy) {
    const ids = { ...query.createdBy, values: query.createdBy.userIds as unknown as string[] };
    where.push(valueFilter('f.created_by_user_id', ids, params, true));
  }
  if (query.tag) {
    const { operator, tags } = query.tag;
    const types = params.add(tags.map((tag) => tag.type));
    const values = params.add(tags.map((tag) => tag.value));
    const matching = `SELECT flag_name, tag_type || ':' || tag_value AS matched_value FROM flag_tags
        WHERE (tag_type, tag_value) IN (SELECT * FROM unnest(${types}::text[], ${values}::text[]))`;
    const distinct = new Set(tags.map((tag) => `${tag.type}:${tag.value}`)).size;
    where.push(setFilter(operator, matching, 'matched_value', distinct, params));
  }
  if (query.segment) {
    const matching = `SELECT s.flag_name, g.name AS matched_value FROM flag_strategies s
        JOIN flag_strategy_segments ss ON ss.strategy_id = s.id
        JOIN segments g ON g.id = ss.segment_id
        WHERE g.name = ANY(${params.add(query.segment.values)})`;
    const distinct = new Set(query.segment.values).size;
    where.push(setFilter(query.segment.operator, matching, 'matched_value', distinct, params));
  }
  for (const [column, filter] of [
    ['f.created_at', query.createdAt],
    ['f.last_seen_at', query.lastSeenAt],
  ] as const) {
    if (!filter) continue;
    const comparison = filter.operator === 'IS_BEFORE' ? '<' : '>=';
    where.push(`${column} ${comparison} ${params.add(filter.values[0])}::timestamptz`);
  }
  if (query.status.length) {
    const any = query.status.map(
      ({ environment, enabled }) =>
        `(fe.environment_name = ${params.add(environment)} AND fe.enabled = ${params.add(enabled)})`,
    );
    where.push(
      `EXISTS (SELECT 1 FROM flag_environments fe WHERE fe.flag_name = f.name AND (${any.join(' OR ')}))`,
    );
  }
  return where.join('\n    AND ');
}

/**
 * The sort order, written against the flag alias `f` (inside the page) or the page alias `p` (when the page is
 * decorated), so both sort the same way. Ties break by creation time and name, as in Unleash.
 */
function orderBy(query: SearchQuery, alias: 'f' | 'p'): string {
  const column = (name: string) => (alias === 'f' ? `f.${name}` : `p.${name}`);
  const order = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const keys: string[] = [];
  if (query.favoritesFirst) keys.push(`${alias === 'f' ? '(fav.flag_name IS NOT NULL)' : 'p.favorite'} DESC`);
  const sortBy = query.sortBy;
  if (typeof sortBy === 'object') {
    keys.push(`${alias === 'f' ? 'sort_env.enabled' : 'p.sort_enabled'} ${order} NULLS LAST`);
  } else if (sortBy === 'lastSeenAt') {
    keys.push(`${column('last_seen_at')} ${order} NULLS LAST`);
  } else if (sortBy !== 'createdAt') {
    const columns = { name: 'name', type: 'type', stale: 'stale', project: 'project_id' } as const;
    keys.push(`${column(columns[sortBy])} ${order}`);
  }
  if (sortBy === 'createdAt') keys.push(`${column('created_at')} ${order}`, `${column('name')} ASC`);
  else keys.push(`${column('created_at')} ASC`, `${column('name')} ASC`);
  return keys.join(', ');
}

/** The total number of flags the filters match. */
export function countSql(query: SearchQuery): Sql {
  const params = new Params();
  const text = `SELECT count(*)::int AS total FROM flags f WHERE ${whereClause(query, params)}`;
  return { text, params: params.values };
}

/**
 * One statement for one page: the flags in order (`withTotal`: with the total the filters match, from the same scan),
 * each with its environments (from its project's environments),
 * tags, segments, dependency role, lifecycle stage and creator. The decoration runs for the page's rows only.
 */
export function pageSql(query: SearchQuery, withTotal: boolean): Sql {
  const params = new Params();
  const user = params.add(query.userId);
  const sortEnvironment = typeof query.sortBy === 'object' ? params.add(query.sortBy.environment) : undefined;
  const where = whereClause(query, params);
  const text = `
WITH page AS (
  SELECT f.name, f.description, f.type, f.project_id, f.stale, f.impression_data, f.created_at, f.archived_at,
         f.last_seen_at, f.created_by_user_id, (fav.flag_name IS NOT NULL) AS favorite,
         ${withTotal ? 'count(*) OVER ()' : 'NULL::bigint'} AS total
         ${sortEnvironment ? ', sort_env.enabled AS sort_enabled' : ''}
    FROM flags f
    LEFT JOIN favorite_flags fav ON fav.flag_name = f.name AND fav.user_id = ${user}::int
    ${sortEnvironment ? `LEFT JOIN flag_environments sort_env ON sort_env.flag_name = f.name AND sort_env.environment_name = ${sortEnvironment}` : ''}
   WHERE ${where}
   ORDER BY ${orderBy(query, 'f')}
   LIMIT ${params.add(query.limit)} OFFSET ${params.add(query.offset)}
)
SELECT p.name, p.description, p.type, p.project_id, p.stale, p.impression_data, p.created_at, p.archived_at,
       p.last_seen_at, p.favorite, p.total::int AS total, u.id AS user_id, coalesce(u.name, u.username, u.email) AS user_name,
       ${currentStageSql('p', 'lc')} AS lifecycle_stage,
       ${currentStageEnteredSql('p', 'lc')} AS lifecycle_entered_at,
       CASE WHEN EXISTS (SELECT 1 FROM flag_dependencies d WHERE d.parent = p.name) THEN 'parent'
            WHEN EXISTS (SELECT 1 FROM flag_dependencies d WHERE d.child = p.name) THEN 'child' END AS dependency_type,
       (SELECT coalesce(json_agg(json_build_object(
                 'name', e.name, 'enabled', coalesce(fe.enabled, false), 'type', e.type, 'sortOrder', e.sort_order,
                 'variantCount', coalesce(jsonb_array_length(fe.variants), 0), 'lastSeenAt', fe.last_seen_at,
                 'hasStrategies', EXISTS (SELECT 1 FROM flag_strategies s
                                           WHERE s.flag_name = p.name AND s.environment_name = e.name),
                 'hasEnabledStrategies', EXISTS (SELECT 1 FROM flag_strategies s WHERE s.flag_name = p.name
                                                  AND s.environment_name = e.name AND NOT s.disabled),
                 'yes', (SELECT coalesce(sum(m.yes), 0) FROM client_metrics m WHERE m.flag_name = p.name
                          AND m.environment = e.name AND m.hour >= now() - interval '1 hour'),
                 'no', (SELECT coalesce(sum(m.no), 0) FROM client_metrics m WHERE m.flag_name = p.name
                         AND m.environment = e.name AND m.hour >= now() - interval '1 hour')
               ) ORDER BY e.sort_order, e.name), '[]'::json)
          FROM project_environments pe
          JOIN environments e ON e.name = pe.environment_name
          LEFT JOIN flag_environments fe ON fe.flag_name = p.name AND fe.environment_name = e.name
         WHERE pe.project_id = p.project_id) AS environments,
       (SELECT coalesce(json_agg(json_build_object('type', t.tag_type, 'value', t.tag_value, 'color', tt.color)
                 ORDER BY t.tag_type, t.tag_value), '[]'::json)
          FROM flag_tags t JOIN tag_types tt ON tt.name = t.tag_type WHERE t.flag_name = p.name) AS tags,
       (SELECT coalesce(json_agg(DISTINCT g.name), '[]'::json)
          FROM flag_strategies s
          JOIN flag_strategy_segments ss ON ss.strategy_id = s.id
          JOIN segments g ON g.id = ss.segment_id
         WHERE s.flag_name = p.name) AS segments
  FROM page p
  LEFT JOIN users u ON u.id = p.created_by_user_id
  LEFT JOIN flag_completions lc ON lc.flag_name = p.name
 ORDER BY ${orderBy(query, 'p')}`;
  return { text, params: params.values };
}
