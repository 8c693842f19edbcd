import { describe, expect, it } from 'vitest';
import { readFilters, toSearchQuery, writeFilters } from './flag-search-params.ts';

describe('flag table filters', () => {
  it('round-trips through the address bar', () => {
    const filters = readFilters(
      new URLSearchParams('q=check&type=release&type=experiment&state=stale&page=3&size=100'),
    );
    expect(filters).toMatchObject({
      query: 'check',
      types: ['release', 'experiment'],
      state: 'stale',
      page: 3,
      pageSize: 100,
    });
    expect(readFilters(writeFilters(filters))).toEqual(filters);
  });

  it('falls back to safe defaults for junk', () => {
    expect(readFilters(new URLSearchParams('page=-4&size=7&state=weird&order=sideways'))).toMatchObject({
      page: 1,
      pageSize: 50,
      state: '',
      sortOrder: 'desc',
    });
  });

  it('speaks the search endpoint filter syntax', () => {
    const filters = readFilters(
      new URLSearchParams('q=%20pay%20&type=release&tag=simple:web&state=active&page=2&size=25'),
    );
    expect(toSearchQuery('web', filters)).toEqual({
      project: 'IS:web',
      query: 'pay',
      type: 'IS_ANY_OF:release',
      tag: 'INCLUDE_ANY_OF:simple:web',
      state: 'IS:active',
      offset: 25,
      limit: 25,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
  });
});
