import { describe, expect, it } from 'vitest';
import type { HourlyCount } from '../../api/wire.ts';
import { applicationsOf, hourlyBuckets, shareOn, usageByEnvironment, variantTotals } from './flag-usage.ts';

const NOW = Date.parse('2026-11-24T12:34:00.000Z');
const count = (
  hoursAgo: number,
  environment: string,
  yes: number,
  no: number,
  appName = 'shop',
): HourlyCount => ({
  featureName: 'checkout',
  appName,
  environment,
  timestamp: new Date(Date.parse('2026-11-24T12:00:00.000Z') - hoursAgo * 3600_000).toISOString(),
  yes,
  no,
  variants: yes ? { blue: yes - 1, red: 1 } : {},
});
const counts = [
  count(0, 'production', 10, 2),
  count(0, 'production', 5, 0, 'web'),
  count(3, 'development', 1, 1),
  count(47, 'production', 4, 4),
  count(48, 'production', 100, 100), // outside the window
];

describe('flag usage', () => {
  it('puts counts into the last 48 hours, oldest first, summed over applications', () => {
    const all = hourlyBuckets(counts, null, NOW);
    expect(all).toHaveLength(48);
    expect(all[47]).toEqual({ hour: new Date('2026-11-24T12:00:00.000Z'), yes: 15, no: 2 });
    expect(all[44]).toMatchObject({ yes: 1, no: 1 });
    expect(all[0]).toEqual({ hour: new Date('2026-11-22T13:00:00.000Z'), yes: 4, no: 4 });
    expect(all.reduce((sum, b) => sum + b.yes + b.no, 0)).toBe(27);
    const development = hourlyBuckets(counts, 'development', NOW);
    expect(development.reduce((sum, b) => sum + b.yes + b.no, 0)).toBe(2);
  });

  it('totals per environment, busiest first, with the share of on answers', () => {
    const environments = usageByEnvironment(counts);
    expect(environments).toEqual([
      { environment: 'production', yes: 119, no: 106 },
      { environment: 'development', yes: 1, no: 1 },
    ]);
    expect(shareOn({ yes: 3, no: 1 })).toBe('75% on');
    expect(shareOn({ yes: 0, no: 0 })).toBe('–');
  });

  it('sums variants for one environment or all, and names the applications', () => {
    expect(variantTotals(counts, 'development')).toEqual([
      ['red', 1],
      ['blue', 0],
    ]);
    expect(variantTotals(counts, null)[0]).toEqual(['blue', 9 + 4 + 0 + 3 + 99]);
    expect(applicationsOf(counts)).toEqual(['shop', 'web']);
  });
});
