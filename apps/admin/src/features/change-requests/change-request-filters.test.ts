import { describe, expect, it } from 'vitest';
import { readFilters, toSearch, writeFilters } from './change-request-filters.ts';

describe('the change requests overview filters', () => {
  it('start as Unleash does: created by me, open', () => {
    const filters = readFilters(new URLSearchParams());
    expect(filters).toEqual({ whose: 'mine', state: 'open', page: 1 });
    expect(toSearch(filters, 7)).toEqual({ createdBy: 'IS:7', state: 'IS:open', offset: 0, limit: 25 });
    expect(writeFilters(filters).toString()).toBe('');
  });

  it('ask for the requests the user was asked to review, in one state, on a later page', () => {
    const filters = readFilters(new URLSearchParams('show=asked&state=In+review&page=3'));
    expect(toSearch(filters, 7)).toEqual({
      requestedApproverId: 'IS:7',
      state: 'IS:In review',
      offset: 50,
      limit: 25,
    });
    expect(readFilters(writeFilters(filters))).toEqual(filters);
  });

  it('send no filter for everyone in every state, and ignore what they do not know', () => {
    expect(toSearch(readFilters(new URLSearchParams('show=everyone&state=all')), 7)).toEqual({
      offset: 0,
      limit: 25,
    });
    expect(readFilters(new URLSearchParams('show=nobody&state=Lost&page=-2'))).toEqual({
      whose: 'mine',
      state: 'open',
      page: 1,
    });
  });
});
