import { describe, expect, it } from 'vitest';
import { readSearch, toGlobalSearchQuery, writeSearch } from './search-params.ts';

describe('search params', () => {
  it('round-trips through the address bar and ignores what it cannot read', () => {
    const params = new URLSearchParams(
      'q=checkout&project=web&project=app&type=release&tag=simple:beta&state=potentially-stale&created=IS_BEFORE:2026-01-01&page=2',
    );
    const filters = readSearch(params);
    expect(filters).toEqual({
      query: 'checkout',
      projects: ['web', 'app'],
      types: ['release'],
      tags: ['simple:beta'],
      state: 'potentially-stale',
      created: 'IS_BEFORE:2026-01-01',
      page: 2,
    });
    expect(readSearch(writeSearch(filters))).toEqual(filters);
  });

  it('speaks the server’s filter operators', () => {
    const query = toGlobalSearchQuery(
      readSearch(
        new URLSearchParams(
          'q= x &project=web&project=app&tag=simple:beta&state=stale&created=IS_ON_OR_AFTER:2026-01-01',
        ),
      ),
    );
    expect(query).toMatchObject({
      query: 'x',
      project: 'IS_ANY_OF:web,app',
      tag: 'INCLUDE_ANY_OF:simple:beta',
      state: 'IS:stale',
      createdAt: 'IS_ON_OR_AFTER:2026-01-01',
      offset: 0,
      limit: 50,
    });
    expect(toGlobalSearchQuery(readSearch(new URLSearchParams('created=IS:2026')))).not.toHaveProperty(
      'createdAt',
    );
  });
});
