import { BadDataError } from '../../../http/errors.ts';
import { isPgInteger, PG_INTEGER } from '../../../db/pg-integer.ts';

/** The filter operators of Unleash's search: `IS:default`, `IS_ANY_OF:release,experiment`, `INCLUDE:simple:beta`... */
export const VALUE_OPERATORS = ['IS', 'IS_NOT', 'IS_ANY_OF', 'IS_NONE_OF'] as const;
export const SET_OPERATORS = [
  'INCLUDE',
  'DO_NOT_INCLUDE',
  'INCLUDE_ALL_OF',
  'INCLUDE_ANY_OF',
  'EXCLUDE_IF_ANY_OF',
  'EXCLUDE_ALL',
] as const;
export const DATE_OPERATORS = ['IS_BEFORE', 'IS_ON_OR_AFTER'] as const;

export type ValueOperator = (typeof VALUE_OPERATORS)[number];
export type SetOperator = (typeof SET_OPERATORS)[number];
export type DateOperator = (typeof DATE_OPERATORS)[number];

export type Filter<Op extends string = ValueOperator> = { operator: Op; values: string[] };
export type Tag = { type: string; value: string };

/** The staleness states `state` filters on; potentially stale flags have outlived their flag type's lifetime. */
export const STATES = ['active', 'stale', 'potentially-stale'] as const;
export type State = (typeof STATES)[number];

export const SORT_FIELDS = ['name', 'type', 'stale', 'project', 'createdAt', 'lastSeenAt'] as const;
export type SortBy = (typeof SORT_FIELDS)[number] | { environment: string };

/** A parsed, validated search: what the read model turns into SQL. */
export type SearchQuery = {
  /** Lower-case fragments; a flag matches when its name, description or a tag contains any of them. */
  terms: string[];
  project?: Filter;
  type?: Filter;
  state?: Filter<ValueOperator> & { values: State[] };
  createdBy?: Filter & { userIds: number[] };
  tag?: { operator: SetOperator; tags: Tag[] };
  segment?: Filter<SetOperator>;
  createdAt?: Filter<DateOperator>;
  lastSeenAt?: Filter<DateOperator>;
  /** Environment name → required enabled state; a flag matches any of them. */
  status: { environment: string; enabled: boolean }[];
  archived: boolean;
  favoritesFirst: boolean;
  sortBy: SortBy;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
  /** The signed-in user, for favorites; null for API tokens. */
  userId: number | null;
  /** Left out: the private projects the caller is no member of. */
  hiddenProjects?: string[];
};

export type SearchParams = {
  query?: string;
  project?: string;
  type?: string;
  state?: string;
  createdBy?: string;
  tag?: string;
  segment?: string;
  createdAt?: string;
  lastSeenAt?: string;
  status?: string[];
  archived?: string;
  favoritesFirst?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  offset?: string;
  limit?: string;
};

/** As in Unleash: 50 flags a page unless 1 to 100 are asked for. */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;

function bad(field: string, message: string): BadDataError {
  return new BadDataError(message, [{ message, path: `/querystring/${field}` }]);
}

/** Splits `OPERATOR:a,b` into its operator and trimmed values; the route schema has already checked the shape. */
export function parseFilter<Op extends string>(
  field: string,
  raw: string,
  operators: readonly Op[],
): Filter<Op> {
  const colon = raw.indexOf(':');
  const operator = raw.slice(0, colon) as Op;
  if (colon < 0 || !operators.includes(operator)) {
    throw bad(field, `"${field}" must start with one of ${operators.join(', ')} and a colon`);
  }
  const values = raw
    .slice(colon + 1)
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (!values.length) throw bad(field, `"${field}" names no value after ${operator}:`);
  return { operator, values };
}

function parseTags(raw: string): { operator: SetOperator; tags: Tag[] } {
  const { operator, values } = parseFilter('tag', raw, SET_OPERATORS);
  const tags = values.map((value) => {
    const colon = value.indexOf(':');
    if (colon <= 0 || colon === value.length - 1) {
      throw bad(
        'tag',
        `"tag" values are a tag type and value joined with a colon, such as simple:beta; got "${value}"`,
      );
    }
    return { type: value.slice(0, colon).trim(), value: value.slice(colon + 1).trim() };
  });
  return { operator, tags };
}

function parseSortBy(raw: string | undefined): SortBy {
  if (raw?.startsWith('environment:') && raw.length > 'environment:'.length) {
    return { environment: raw.slice('environment:'.length) };
  }
  // Unleash sorts by creation time when the field is unknown.
  return (SORT_FIELDS as readonly string[]).includes(raw ?? '') ? (raw as SortBy) : 'createdAt';
}

function parseNumber(raw: string | undefined): number {
  const value = Number(raw);
  return Number.isInteger(value) ? value : Number.NaN;
}

/** Turns Unleash's search query string into a SearchQuery, with Unleash's defaults and lenient paging. */
export function parseSearch(params: SearchParams, userId: number | null): SearchQuery {
  const terms = (params.query ?? '')
    .split(',')
    .map((term) => term.trim().toLowerCase())
    .filter(Boolean);
  const limit = parseNumber(params.limit);
  const offset = parseNumber(params.offset);
  const query: SearchQuery = {
    terms,
    status: [],
    archived: params.archived === 'IS:true',
    favoritesFirst: params.favoritesFirst === 'true',
    sortBy: parseSortBy(params.sortBy),
    sortOrder: params.sortOrder === 'desc' ? 'desc' : 'asc',
    limit: limit > 0 && limit <= MAX_LIMIT ? limit : DEFAULT_LIMIT,
    offset: offset > 0 ? Math.min(offset, PG_INTEGER.maximum) : 0,
    userId,
  };
  if (params.project) query.project = parseFilter('project', params.project, VALUE_OPERATORS);
  if (params.type) query.type = parseFilter('type', params.type, VALUE_OPERATORS);
  if (params.state) {
    const state = parseFilter('state', params.state, VALUE_OPERATORS);
    const unknown = state.values.filter((value) => !(STATES as readonly string[]).includes(value));
    if (unknown.length)
      throw bad('state', `"state" values are ${STATES.join(', ')}; got ${unknown.join(', ')}`);
    query.state = { operator: state.operator, values: state.values as State[] };
  }
  if (params.createdBy) {
    const createdBy = parseFilter('createdBy', params.createdBy, VALUE_OPERATORS);
    const userIds = createdBy.values.map(Number);
    if (userIds.some((id) => !isPgInteger(id))) throw bad('createdBy', '"createdBy" values are user ids');
    query.createdBy = { ...createdBy, userIds };
  }
  if (params.tag) query.tag = parseTags(params.tag);
  if (params.segment) query.segment = parseFilter('segment', params.segment, SET_OPERATORS);
  if (params.createdAt) query.createdAt = parseFilter('createdAt', params.createdAt, DATE_OPERATORS);
  if (params.lastSeenAt) query.lastSeenAt = parseFilter('lastSeenAt', params.lastSeenAt, DATE_OPERATORS);
  for (const entry of params.status ?? []) {
    // Unleash ignores entries that are not `environment:enabled` or `environment:disabled`.
    const colon = entry.lastIndexOf(':');
    const state = entry.slice(colon + 1);
    if (colon > 0 && (state === 'enabled' || state === 'disabled')) {
      query.status.push({ environment: entry.slice(0, colon), enabled: state === 'enabled' });
    }
  }
  return query;
}
