import { describe, expect, it } from 'vitest';
import { healthOf } from './project.ts';
import { idFromName } from './project-service.ts';
import { checkUrlFriendlyName } from './url-friendly-name.ts';

describe('healthOf', () => {
  it('is the rounded share of flags neither stale nor potentially stale, 100 without flags', () => {
    expect(healthOf({ total: 0, stale: 0, potentiallyStale: 0 })).toBe(100);
    expect(healthOf({ total: 3, stale: 1, potentiallyStale: 0 })).toBe(67);
    expect(healthOf({ total: 4, stale: 2, potentiallyStale: 2 })).toBe(0);
  });
});

describe('idFromName', () => {
  it('makes URL-friendly ids from names', () => {
    expect(idFromName('Checkout Team')).toBe('checkout-team');
    expect(idFromName('Ærø Straße / Łódź')).toBe('aero-strasse-lodz');
    expect(idFromName('東京')).toBe('project');
    expect(idFromName('--v1.2--')).toBe('v1.2');
  });
});

describe('checkUrlFriendlyName', () => {
  it('accepts what encodeURIComponent leaves alone and refuses the rest, naming the field', () => {
    expect(() => checkUrlFriendlyName('a-b_c.d~e', '/body/id', 'Project id')).not.toThrow();
    for (const bad of ['a b', 'a/b', 'ø', '.', '..', '', 'x'.repeat(101)]) {
      expect(() => checkUrlFriendlyName(bad, '/body/id', 'Project id'), bad).toThrow(
        expect.objectContaining({
          name: 'BadDataError',
          details: [expect.objectContaining({ path: '/body/id' })],
        }),
      );
    }
  });
});
