/** The flag table's filters, kept in the address bar so a filtered view can be shared and survives reloads. */
export type FlagFilters = {
  query: string;
  types: string[];
  tags: string[];
  state: '' | 'active' | 'stale';
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export const PAGE_SIZES = [25, 50, 100, 200];

export function readFilters(params: URLSearchParams): FlagFilters {
  const state = params.get('state');
  const pageSize = Number(params.get('size'));
  return {
    query: params.get('q') ?? '',
    types: params.getAll('type'),
    tags: params.getAll('tag'),
    state: state === 'stale' || state === 'active' ? state : '',
    sortBy: params.get('sort') ?? 'createdAt',
    sortOrder: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : 50,
  };
}

export function writeFilters(filters: FlagFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('q', filters.query);
  for (const type of filters.types) params.append('type', type);
  for (const tag of filters.tags) params.append('tag', tag);
  if (filters.state) params.set('state', filters.state);
  if (filters.sortBy !== 'createdAt') params.set('sort', filters.sortBy);
  if (filters.sortOrder !== 'desc') params.set('order', filters.sortOrder);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.pageSize !== 50) params.set('size', String(filters.pageSize));
  return params;
}

/** GET /api/admin/search/features query parameters, in Unleash's `OPERATOR:values` filter syntax. */
export function toSearchQuery(projectId: string, filters: FlagFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {
    project: `IS:${projectId}`,
    offset: (filters.page - 1) * filters.pageSize,
    limit: filters.pageSize,
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
  };
  if (filters.query.trim()) query.query = filters.query.trim();
  if (filters.types.length) query.type = `IS_ANY_OF:${filters.types.join(',')}`;
  if (filters.tags.length) query.tag = `INCLUDE_ANY_OF:${filters.tags.join(',')}`;
  if (filters.state) query.state = `IS:${filters.state}`;
  return query;
}
