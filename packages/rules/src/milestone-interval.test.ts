import { describe, expect, it } from 'vitest';
import { MAX_INTERVAL_MINUTES, intervalMinutesProblem } from './milestone-interval.ts';

describe('a milestone interval', () => {
  it('is whole minutes from one to a year', () => {
    expect(intervalMinutesProblem(1)).toBeUndefined();
    expect(intervalMinutesProblem(MAX_INTERVAL_MINUTES)).toBeUndefined();
    for (const minutes of [0, -5, 1.5, MAX_INTERVAL_MINUTES + 1, Number.NaN])
      expect(intervalMinutesProblem(minutes)).toBe('Whole minutes from 1 to 525600');
  });
});
