import { describe, expect, it } from 'vitest';
import { BadDataError } from '../../../http/errors.ts';
import { parseSearch } from './search-query.ts';

describe('parseSearch', () => {
  it('uses Unleash defaults: active flags by creation time, 50 a page', () => {
    expect(parseSearch({}, null)).toEqual({
      terms: [],
      status: [],
      archived: false,
      favoritesFirst: false,
      sortBy: 'createdAt',
      sortOrder: 'asc',
      limit: 50,
      offset: 0,
      userId: null,
    });
  });

  it('falls back to 50 for limits out of 1..100 and to 0 for bad offsets, as Unleash does', () => {
    expect(parseSearch({ limit: '100', offset: '20' }, 1)).toMatchObject({ limit: 100, offset: 20 });
    expect(parseSearch({ limit: '101', offset: '-3' }, 1)).toMatchObject({ limit: 50, offset: 0 });
    expect(parseSearch({ limit: 'lots', offset: 'x' }, 1)).toMatchObject({ limit: 50, offset: 0 });
  });

  it('splits the text query into lower-case fragments', () => {
    expect(parseSearch({ query: ' Checkout, ,DARK ' }, null).terms).toEqual(['checkout', 'dark']);
  });

  it('parses operator filters with trimmed values', () => {
    const query = parseSearch(
      {
        project: 'IS_ANY_OF:web, mobile',
        type: 'IS_NOT:release',
        state: 'IS:stale,potentially-stale',
        createdBy: 'IS:1,2',
        segment: 'INCLUDE_ALL_OF:beta,vip',
        createdAt: 'IS_BEFORE:2026-01-01',
      },
      null,
    );
    expect(query.project).toEqual({ operator: 'IS_ANY_OF', values: ['web', 'mobile'] });
    expect(query.type).toEqual({ operator: 'IS_NOT', values: ['release'] });
    expect(query.state).toEqual({ operator: 'IS', values: ['stale', 'potentially-stale'] });
    expect(query.createdBy).toMatchObject({ userIds: [1, 2] });
    expect(query.segment).toEqual({ operator: 'INCLUDE_ALL_OF', values: ['beta', 'vip'] });
    expect(query.createdAt).toEqual({ operator: 'IS_BEFORE', values: ['2026-01-01'] });
  });

  it('splits tags at their first colon, so values may contain colons', () => {
    expect(parseSearch({ tag: 'INCLUDE_ANY_OF:simple:beta,team:a:b' }, null).tag).toEqual({
      operator: 'INCLUDE_ANY_OF',
      tags: [
        { type: 'simple', value: 'beta' },
        { type: 'team', value: 'a:b' },
      ],
    });
  });

  it('keeps valid environment statuses and ignores the rest, as Unleash does', () => {
    expect(
      parseSearch({ status: ['production:enabled', 'development:disabled', 'junk', 'x:maybe'] }, null).status,
    ).toEqual([
      { environment: 'production', enabled: true },
      { environment: 'development', enabled: false },
    ]);
  });

  it('reads sorting, favorites and archived', () => {
    expect(
      parseSearch(
        { sortBy: 'environment:production', sortOrder: 'desc', favoritesFirst: 'true', archived: 'IS:true' },
        3,
      ),
    ).toMatchObject({
      sortBy: { environment: 'production' },
      sortOrder: 'desc',
      favoritesFirst: true,
      archived: true,
      userId: 3,
    });
    expect(parseSearch({ sortBy: 'colour' }, null).sortBy).toBe('createdAt');
  });

  it.each([
    [{ state: 'IS:enabled' }, '/querystring/state'],
    [{ createdBy: 'IS:admin' }, '/querystring/createdBy'],
    [{ project: 'LIKE:web' }, '/querystring/project'],
    [{ tag: 'INCLUDE:nocolon' }, '/querystring/tag'],
  ])('rejects %j naming the parameter', (params, path) => {
    try {
      parseSearch(params, null);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BadDataError);
      expect((error as BadDataError).details[0]!.path).toBe(path);
    }
  });
});
