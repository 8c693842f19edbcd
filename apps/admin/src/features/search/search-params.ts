/** The search screen's filters, kept in the address bar so a search can be shared and survives reloads. */
export type SearchFilters = {
  query: string;
  projects: string[];
  types: string[];
  tags: string[];
  state: '' | 'active' | 'stale' | 'potentially-stale';
  /** The server's own createdAt filter, `IS_BEFORE:2026-01-31` or `IS_ON_OR_AFTER:2026-01-01`; empty for any date. */
  created: string;
  page: number;
};

export const SEARCH_PAGE_SIZE = 50;
const STATES = ['active', 'stale', 'potentially-stale'] as const;
const isCreated = (value: string | null): value is string =>
  Boolean(value && /^(IS_BEFORE|IS_ON_OR_AFTER):\d{4}-\d{2}-\d{2}$/.test(value));

export function readSearch(params: URLSearchParams): SearchFilters {
  const state = params.get('state');
  const created = params.get('created');
  return {
    query: params.get('q') ?? '',
    projects: params.getAll('project'),
    types: params.getAll('type'),
    tags: params.getAll('tag'),
    state: STATES.find((s) => s === state) ?? '',
    created: isCreated(created) ? created : '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

export function writeSearch(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('q', filters.query);
  for (const project of filters.projects) params.append('project', project);
  for (const type of filters.types) params.append('type', type);
  for (const tag of filters.tags) params.append('tag', tag);
  if (filters.state) params.set('state', filters.state);
  if (filters.created) params.set('created', filters.created);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * searchFeatures' query parameters across every project, in the server's `OPERATOR:values` syntax: the screen's
 * filters map one to one onto the operation's, so the database does all the work.
 */
export function toGlobalSearchQuery(filters: SearchFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {
    offset: (filters.page - 1) * SEARCH_PAGE_SIZE,
    limit: SEARCH_PAGE_SIZE,
    sortBy: 'name',
    sortOrder: 'asc',
    favoritesFirst: 'true',
  };
  if (filters.query.trim()) query.query = filters.query.trim();
  if (filters.projects.length) query.project = `IS_ANY_OF:${filters.projects.join(',')}`;
  if (filters.types.length) query.type = `IS_ANY_OF:${filters.types.join(',')}`;
  if (filters.tags.length) query.tag = `INCLUDE_ANY_OF:${filters.tags.join(',')}`;
  if (filters.state) query.state = `IS:${filters.state}`;
  if (filters.created) query.createdAt = filters.created;
  return query;
}
