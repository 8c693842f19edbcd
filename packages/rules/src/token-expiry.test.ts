import { describe, expect, it } from 'vitest';
import { expiryWarning, tokenExpiry } from './token-expiry.ts';

const now = new Date('2031-05-10T12:00:00Z');

describe('token expiry', () => {
  it('warns within a week, rounding the days left up, and not before', () => {
    expect(tokenExpiry('2031-05-10T13:00:00Z', now)).toEqual({ state: 'soon', days: 1 });
    expect(tokenExpiry('2031-05-13T12:00:01Z', now)).toEqual({ state: 'soon', days: 4 });
    expect(tokenExpiry('2031-05-17T12:00:00Z', now)).toEqual({ state: 'soon', days: 7 });
    expect(tokenExpiry('2031-05-17T12:00:01Z', now)).toEqual({ state: 'later', days: 8 });
  });

  it('is expired from its expiry on, and never without one', () => {
    expect(tokenExpiry('2031-05-10T12:00:00Z', now)).toEqual({ state: 'expired' });
    expect(tokenExpiry(new Date('2020-01-01T00:00:00Z'), now)).toEqual({ state: 'expired' });
    expect(tokenExpiry(null, now)).toEqual({ state: 'never' });
    expect(tokenExpiry('not a date', now)).toEqual({ state: 'never' });
  });

  it('words only what needs attention', () => {
    expect(expiryWarning({ state: 'soon', days: 1 })).toBe('Expires within a day');
    expect(expiryWarning({ state: 'soon', days: 3 })).toBe('Expires in 3 days');
    expect(expiryWarning({ state: 'expired' })).toBe('Expired');
    expect(expiryWarning({ state: 'later', days: 30 })).toBeUndefined();
    expect(expiryWarning({ state: 'never' })).toBeUndefined();
  });
});
