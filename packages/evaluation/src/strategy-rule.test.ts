import { describe, expect, it } from 'vitest';
import { createRuntime } from './runtime.ts';
import { BUILT_IN_STRATEGIES, compileStrategyRule } from './strategy-rule.ts';
import type { Context, EvaluationOptions } from './types.ts';

function rule(name: string, parameters: Record<string, string>, flagName = 'AB12A') {
  return compileStrategyRule({ name, parameters }, flagName);
}

function holds(
  name: string,
  parameters: Record<string, string>,
  context: Context,
  options: EvaluationOptions = {},
): boolean {
  return rule(name, parameters).test(context, createRuntime(options));
}

describe('compileStrategyRule', () => {
  it('knows the built-in strategies and treats custom ones as false', () => {
    for (const name of BUILT_IN_STRATEGIES) expect(rule(name, {}).known).toBe(true);
    const custom = rule('myCustomStrategy', {});
    expect(custom.known).toBe(false);
    expect(custom.test({ userId: '1' }, createRuntime())).toBe(false);
    expect(rule('toString', {}).known).toBe(false);
  });

  it('matches userWithId on trimmed ids from the root userId only', () => {
    const parameters = { userIds: '123, 222 ,88' };
    expect(holds('userWithId', parameters, { userId: '222' })).toBe(true);
    expect(holds('userWithId', parameters, { userId: '22' })).toBe(false);
    expect(holds('userWithId', parameters, { properties: { userId: '222' } })).toBe(false);
  });

  it('hashes gradual rollouts with groupId, falling back to the flag name', () => {
    // AB12A:122 lands in bucket 23.
    expect(holds('gradualRolloutUserId', { percentage: '23', groupId: 'AB12A' }, { userId: '122' })).toBe(
      true,
    );
    expect(holds('gradualRolloutUserId', { percentage: '22', groupId: 'AB12A' }, { userId: '122' })).toBe(
      false,
    );
    expect(holds('gradualRolloutUserId', { percentage: '23' }, { userId: '122' })).toBe(true);
    expect(
      holds('gradualRolloutSessionId', { percentage: '23', groupId: 'AB12A' }, { sessionId: '122' }),
    ).toBe(true);
    expect(holds('gradualRolloutSessionId', { percentage: '100', groupId: 'AB12A' }, { userId: '122' })).toBe(
      false,
    );
  });

  it('draws gradualRolloutRandom from the injected randomness', () => {
    expect(holds('gradualRolloutRandom', { percentage: '30' }, {}, { random: () => 0.29 })).toBe(true);
    expect(holds('gradualRolloutRandom', { percentage: '30' }, {}, { random: () => 0.3 })).toBe(false);
    expect(holds('gradualRolloutRandom', { percentage: '0' }, {}, { random: () => 0 })).toBe(false);
    expect(holds('gradualRolloutRandom', { percentage: '100' }, {}, { random: () => 0.999 })).toBe(true);
  });

  it('resolves flexibleRollout stickiness', () => {
    const base = { rollout: '23', groupId: 'AB12A' };
    expect(holds('flexibleRollout', { ...base, stickiness: 'default' }, { userId: '122' })).toBe(true);
    expect(holds('flexibleRollout', { ...base, stickiness: 'default' }, { sessionId: '122' })).toBe(true);
    expect(
      holds('flexibleRollout', { ...base, stickiness: 'default' }, { userId: '155', sessionId: '122' }),
    ).toBe(false);
    expect(
      holds('flexibleRollout', { ...base, stickiness: 'tenant' }, { properties: { tenant: '122' } }),
    ).toBe(true);
    // A named field that is missing fails; default without ids and random use a random bucket.
    expect(holds('flexibleRollout', { ...base, stickiness: 'tenant' }, {}, { random: () => 0 })).toBe(false);
    expect(holds('flexibleRollout', { ...base, stickiness: 'default' }, {}, { random: () => 0.22 })).toBe(
      true,
    );
    expect(
      holds('flexibleRollout', { ...base, stickiness: 'random' }, { userId: '122' }, { random: () => 0.5 }),
    ).toBe(false);
    expect(holds('flexibleRollout', { ...base, rollout: '0' }, { userId: '122' })).toBe(false);
    expect(holds('flexibleRollout', { ...base, rollout: '22.9' }, { userId: '122' })).toBe(false);
    expect(holds('flexibleRollout', { ...base, rollout: 'abc' }, { userId: '122' })).toBe(false);
  });

  it('matches remoteAddress on exact entries and IPv4 or IPv6 ranges, skipping bad entries', () => {
    const parameters = { IPs: 'bad-entry, 10.0.0.0/8, 2001:db8::/32, 192.168.0.1, localhost' };
    expect(holds('remoteAddress', parameters, { remoteAddress: '10.20.30.40' })).toBe(true);
    expect(holds('remoteAddress', parameters, { remoteAddress: '2001:db8::7' })).toBe(true);
    expect(holds('remoteAddress', parameters, { remoteAddress: '192.168.0.1' })).toBe(true);
    expect(holds('remoteAddress', parameters, { remoteAddress: 'localhost' })).toBe(true);
    expect(holds('remoteAddress', parameters, { remoteAddress: '11.0.0.1' })).toBe(false);
    expect(holds('remoteAddress', parameters, {})).toBe(false);
  });

  it('compares applicationHostname case-insensitively with the configured host name', () => {
    const parameters = { hostNames: 'web-1, API-2' };
    expect(holds('applicationHostname', parameters, {}, { hostname: 'api-2' })).toBe(true);
    expect(holds('applicationHostname', parameters, {}, { hostname: 'web-3' })).toBe(false);
    expect(holds('applicationHostname', parameters, {})).toBe(false);
  });
});
