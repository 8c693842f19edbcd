import { describe, expect, it } from 'vitest';
import { parseContextDate, parseDate } from './parse-date.ts';

describe('parseDate', () => {
  it('reads RFC 3339 with offsets and fractions', () => {
    expect(parseDate('2022-01-22T13:00:00.000+02:00')).toBe(Date.UTC(2022, 0, 22, 11, 0, 0));
    expect(parseDate('2022-01-22T11:30Z')).toBe(Date.UTC(2022, 0, 22, 11, 30));
    expect(parseDate('2022-01-22T11:30:15.5-0130')).toBe(Date.UTC(2022, 0, 22, 13, 0, 15, 500));
    expect(parseDate('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
  });

  it('reads a time without an offset as UTC, so server and browser agree', () => {
    expect(parseDate('2022-01-22T10:00:00')).toBe(Date.UTC(2022, 0, 22, 10));
  });

  it('gives NaN for impossible or foreign dates', () => {
    for (const text of [
      '2023-02-29',
      '2022-13-01',
      '2022-01-01T24:00:00Z',
      '2022-01-01T10:00:00+25:00',
      'yesterday',
      '',
    ]) {
      expect(parseDate(text), text).toBeNaN();
    }
  });

  it('falls back to the engine for context values only', () => {
    expect(parseContextDate('Sat, 22 Jan 2022 11:30:00 GMT')).toBe(Date.UTC(2022, 0, 22, 11, 30));
    expect(parseContextDate('nonsense')).toBeNaN();
  });
});
