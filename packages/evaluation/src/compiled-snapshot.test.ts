import { describe, expect, it } from 'vitest';
import { compileSnapshot } from './compiled-snapshot.ts';
import type { ClientFeatures } from './types.ts';

const payload: ClientFeatures = {
  features: [
    {
      name: 'a',
      project: 'web',
      enabled: true,
      impressionData: true,
      strategies: [],
      variants: [{ name: 'v', weight: 1 }],
    },
    {
      name: 'b',
      project: 'api',
      enabled: true,
      strategies: [{ name: 'userWithId', parameters: { userIds: 'ann' } }],
    },
    { name: 'c', project: 'web', enabled: false, strategies: [] },
    { name: 'a', project: 'dup', enabled: false, strategies: [] },
    {
      name: 'd',
      project: 'web',
      enabled: true,
      strategies: [{ name: 'default', segments: [7] }],
    },
  ],
  segments: [{ id: 7, constraints: [{ contextName: 'tier', operator: 'IN', values: ['gold'] }] }],
};

describe('compileSnapshot', () => {
  const snapshot = compileSnapshot(payload);

  it('lists flag names in payload order, the first definition of a name winning', () => {
    expect(snapshot.names).toEqual(['a', 'b', 'c', 'd']);
    expect(snapshot.definition('a')?.project).toBe('web');
    expect(snapshot.has('zzz')).toBe(false);
  });

  it('evaluates only enabled flags by default, with impression data passed through', () => {
    const results = snapshot.evaluateAll({ userId: 'bob', properties: { tier: 'gold' } });
    expect(results.map((result) => [result.name, result.enabled, result.impressionData])).toEqual([
      ['a', true, true],
      ['d', true, false],
    ]);
    expect(results[0]?.variant).toMatchObject({ name: 'v', enabled: true, featureEnabled: true });
  });

  it('includes disabled flags and filters on request', () => {
    const all = snapshot.evaluateAll({ userId: 'ann' }, { includeDisabled: true });
    expect(all.map((result) => [result.name, result.enabled])).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
      ['d', false],
    ]);
    const web = snapshot.evaluateAll({ userId: 'ann' }, { filter: (flag) => flag.project === 'api' });
    expect(web.map((result) => result.name)).toEqual(['b']);
  });

  it('reuses frozen results between calls', () => {
    const first = snapshot.evaluate('a', { userId: '1' });
    expect(snapshot.evaluate('a', { userId: '2' })).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(snapshot.evaluate('unknown', {})).toStrictEqual({
      name: 'unknown',
      enabled: false,
      impressionData: false,
      variant: { name: 'disabled', enabled: false, feature_enabled: false, featureEnabled: false },
    });
  });

  it('fixes the host name, clock and randomness from its options', () => {
    const hosted = compileSnapshot(
      {
        features: [
          {
            name: 'h',
            enabled: true,
            strategies: [{ name: 'applicationHostname', parameters: { hostNames: 'box' } }],
          },
          {
            name: 'r',
            enabled: true,
            strategies: [{ name: 'gradualRolloutRandom', parameters: { percentage: '50' } }],
          },
        ],
      },
      { hostname: 'BOX', random: () => 0.6 },
    );
    expect(hosted.isEnabled('h', {})).toBe(true);
    expect(hosted.isEnabled('r', {})).toBe(false);
    expect(hosted.variant('h', {})).toEqual({
      name: 'disabled',
      enabled: false,
      feature_enabled: true,
      featureEnabled: true,
    });
  });

  it('does not change when the payload it was compiled from is mutated', () => {
    const source: ClientFeatures = structuredClone(payload);
    const compiled = compileSnapshot(source);
    source.features.splice(0, source.features.length);
    (source.segments ?? [])[0]?.constraints.splice(0, 1);
    expect(compiled.isEnabled('a', {})).toBe(true);
    expect(compiled.isEnabled('d', { properties: { tier: 'silver' } })).toBe(false);
  });
});
