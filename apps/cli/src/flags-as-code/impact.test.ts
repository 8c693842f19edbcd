import { describe, expect, it } from 'vitest';
import { describeImpact, impactOf } from './impact.ts';
import type { FileFlag } from './model.ts';

const rollout = (
  percent: number,
  constraints: FileFlag['environments'][string]['strategies'] = undefined,
): FileFlag => ({
  name: 'checkout',
  type: 'release',
  environments: {
    production: {
      enabled: true,
      strategies: constraints ?? [
        {
          name: 'flexibleRollout',
          parameters: { rollout: String(percent), stickiness: 'default', groupId: 'checkout' },
        },
      ],
    },
  },
});

describe('the impact on a sample of contexts', () => {
  it('counts who gains the flag when a rollout grows', () => {
    const [impact] = impactOf(
      { flags: [rollout(30)], segments: [] },
      { flags: [rollout(42)], segments: [] },
      ['production'],
      [],
      ['checkout'],
      2000,
    );
    expect(impact!.gained).toBeGreaterThan(0.1);
    expect(impact!.gained).toBeLessThan(0.14);
    expect(impact!.lost).toBe(0);
    expect(describeImpact(impact!)).toMatch(
      /^\+1\d(\.\d)?% of users in production would now get the flag \(\d+(\.\d)?% → \d+(\.\d)?% of 2000 sample contexts\)$/,
    );
  });

  it('reads the legal values of context fields, and segments by name', () => {
    const eu = { name: 'eu', constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }] };
    const everyone = { name: 'eu', constraints: [] };
    const flag = rollout(0, [{ name: 'default', segments: ['eu'] }]);
    const fields = [
      { name: 'region', legalValues: [{ value: 'eu' }, { value: 'us' }, { value: 'apac' }, { value: 'sa' }] },
    ];
    const [impact] = impactOf(
      { flags: [flag], segments: [eu] },
      { flags: [flag], segments: [everyone] },
      ['production'],
      fields,
      ['checkout'],
      1000,
    );
    expect(impact!.before).toBe(0.25);
    expect(impact!.after).toBe(1);
    expect(impact!.gained).toBe(0.75);
    expect(
      impactOf({ flags: [flag], segments: [eu] }, { flags: [flag], segments: [eu] }, ['production'], fields, [
        'checkout',
      ]),
    ).toEqual([]);
  });
});
