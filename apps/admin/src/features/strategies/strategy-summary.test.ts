import { describe, expect, it } from 'vitest';
import { buildConstraint, buildSegment, buildStrategy } from '../../testing/wire-builders.ts';
import { summarizeStrategy } from './strategy-summary.ts';

describe('strategy summary', () => {
  it('says the example from the issue', () => {
    expect(
      summarizeStrategy(
        buildStrategy({
          name: 'flexibleRollout',
          parameters: { rollout: '50', stickiness: 'default', groupId: 'x' },
          constraints: [{ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'] }],
        }),
      ),
    ).toBe('50% of users with email ending in @example.com');
  });

  it('names lists, inversion, case, segments, variants and the disabled state', () => {
    expect(
      summarizeStrategy(
        buildStrategy({
          name: 'userWithId',
          parameters: { userIds: '1, 2,3' },
          constraints: [
            buildConstraint({ contextName: 'country', operator: 'IN', values: ['NO', 'SE'], inverted: true }),
            buildConstraint({
              contextName: 'plan',
              operator: 'STR_STARTS_WITH',
              values: ['pro'],
              caseInsensitive: true,
            }),
            buildConstraint({ contextName: 'version', operator: 'SEMVER_GTE', value: '2.0.0' }),
          ],
          segments: [7],
          variants: [{ name: 'blue', weight: 1000, weightType: 'variable' }],
          disabled: true,
        }),
        [buildSegment({ id: 7, name: 'beta-testers' })],
      ),
    ).toBe(
      'Users with id 1, 2 or 3 with country not equal to NO or SE and plan starting with pro (any case) and version at or above version 2.0.0, in segment beta-testers; variants blue (disabled)',
    );
  });

  it('covers the other built-in strategies and custom ones', () => {
    const s = (name: string, parameters: Record<string, string>) =>
      summarizeStrategy(buildStrategy({ name, parameters }));
    expect(s('default', {})).toBe('Everyone');
    expect(s('remoteAddress', { IPs: '10.0.0.0/8' })).toBe('Callers from 10.0.0.0/8');
    expect(s('applicationHostname', { hostNames: 'a,b' })).toBe('Applications on host a or b');
    expect(s('flexibleRollout', { rollout: '10', stickiness: 'sessionId' })).toBe('10% of sessions');
    expect(s('gradualRolloutRandom', { percentage: '5' })).toBe('5% of requests, at random');
    expect(s('myStrategy', { region: 'eu', empty: '' })).toBe('myStrategy with region eu');
  });

  it('leaves a constraint out until its field is chosen', () => {
    const constraint = buildConstraint({ contextName: '', operator: 'IN' });
    const strategy = buildStrategy({
      name: 'flexibleRollout',
      parameters: { rollout: '50' },
      constraints: [constraint],
    });
    expect(summarizeStrategy(strategy)).toBe('50% of users');
    expect(
      summarizeStrategy({
        ...strategy,
        constraints: [{ ...constraint, contextName: 'country', values: ['NO'] }],
      }),
    ).toBe('50% of users with country equal to NO');
  });
});
