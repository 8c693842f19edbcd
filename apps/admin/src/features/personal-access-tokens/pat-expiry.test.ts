import { describe, expect, it } from 'vitest';
import { CUSTOM, dayAfter, patExpiry } from './pat-expiry.ts';

// Local times throughout: expiry is the end of a day where the user is, whatever zone the test runs in.
const now = new Date(2026, 10, 24, 15, 30);
const endOf = (year: number, month: number, day: number) =>
  new Date(year, month - 1, day, 23, 59, 59).toISOString();

describe('personal access token expiry', () => {
  it('counts presets in days from today, to the end of the last day', () => {
    expect(dayAfter(now, 30)).toBe('2026-12-24');
    expect(patExpiry({ preset: '30', date: '' }, now)).toEqual({
      expiresAt: endOf(2026, 12, 24),
      day: '2026-12-24',
    });
    expect(patExpiry({ preset: '90', date: '' }, now)).toMatchObject({ day: '2027-02-22' });
    expect(patExpiry({ preset: '365', date: '' }, now)).toMatchObject({ day: '2027-11-24' });
  });

  it('takes a picked day, today included, and refuses past or impossible days', () => {
    expect(patExpiry({ preset: CUSTOM, date: '2027-03-01' }, now)).toEqual({
      expiresAt: endOf(2027, 3, 1),
      day: '2027-03-01',
    });
    expect(patExpiry({ preset: CUSTOM, date: '2026-11-24' }, now)).toMatchObject({ day: '2026-11-24' });
    expect(patExpiry({ preset: CUSTOM, date: '2026-11-23' }, now)).toEqual({
      problem: 'That date is in the past: pick today or a later day',
    });
    expect(patExpiry({ preset: CUSTOM, date: '2027-02-31' }, now)).toEqual({ problem: 'Pick a valid date' });
    expect(patExpiry({ preset: CUSTOM, date: '' }, now)).toEqual({
      problem: 'Pick the day the token expires',
    });
  });
});
