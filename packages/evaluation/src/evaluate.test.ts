import { describe, expect, it } from 'vitest';
import { evaluate, isEnabled, variant } from './evaluate.ts';
import type { ClientFeatures, FlagDefinition, FlagLookup } from './types.ts';

const payload: ClientFeatures = {
  features: [
    {
      name: 'checkout',
      enabled: true,
      impressionData: true,
      strategies: [
        { name: 'myCustom', parameters: {} },
        {
          name: 'flexibleRollout',
          parameters: { rollout: '100', stickiness: 'default', groupId: 'checkout' },
          segments: [1],
          variants: [{ name: 'from-strategy', weight: 1, payload: { type: 'json', value: '{"x":1}' } }],
        },
      ],
      variants: [{ name: 'from-flag', weight: 1 }],
    },
    { name: 'parent', enabled: true, strategies: [], variants: [{ name: 'blue', weight: 1 }] },
    {
      name: 'child',
      enabled: true,
      strategies: [],
      dependencies: [{ feature: 'parent', variants: ['blue'] }],
    },
    { name: 'switched-off', enabled: false, strategies: [] },
  ],
  segments: [
    { id: 1, name: 'beta', constraints: [{ contextName: 'plan', operator: 'IN', values: ['beta'] }] },
  ],
};

describe('evaluate', () => {
  it('skips a custom strategy, applies segments and prefers strategy variants', () => {
    const result = evaluate('checkout', { properties: { plan: 'beta' } }, payload);
    expect(result).toStrictEqual({
      name: 'checkout',
      enabled: true,
      impressionData: true,
      variant: {
        name: 'from-strategy',
        enabled: true,
        feature_enabled: true,
        featureEnabled: true,
        payload: { type: 'json', value: '{"x":1}' },
      },
    });
    expect(isEnabled('checkout', { properties: { plan: 'ga' } }, payload)).toBe(false);
  });

  it('fails a strategy whose segment is missing from the source', () => {
    const flag = payload.features[0] as FlagDefinition;
    expect(isEnabled(flag, { properties: { plan: 'beta' } })).toBe(false);
    expect(isEnabled(flag, { properties: { plan: 'beta' } }, payload)).toBe(true);
  });

  it('takes a definition directly and looks parents up through a FlagLookup', () => {
    const lookup: FlagLookup = {
      getFlag: (name) => payload.features.find((flag) => flag.name === name),
      getSegment: () => undefined,
    };
    const child = payload.features[2] as FlagDefinition;
    expect(isEnabled(child, {}, lookup)).toBe(true);
    expect(isEnabled(child, {})).toBe(false);
  });

  it('answers disabled for unknown and switched-off flags', () => {
    expect(evaluate('nope', {}, payload)).toStrictEqual({
      name: 'nope',
      enabled: false,
      impressionData: false,
      variant: { name: 'disabled', enabled: false, feature_enabled: false, featureEnabled: false },
    });
    expect(variant('switched-off', {}, payload).feature_enabled).toBe(false);
  });

  it('ignores strategies marked disabled', () => {
    const flag: FlagDefinition = {
      name: 'f',
      enabled: true,
      strategies: [
        { name: 'default', disabled: true },
        { name: 'userWithId', parameters: { userIds: 'ann' } },
      ],
    };
    expect(isEnabled(flag, { userId: 'bob' })).toBe(false);
    expect(isEnabled(flag, { userId: 'ann' })).toBe(true);
  });

  it('treats a missing strategies list as empty: on for everyone', () => {
    expect(isEnabled({ name: 'f', enabled: true }, {})).toBe(true);
  });

  it('reads the clock from options for date constraints', () => {
    const flag: FlagDefinition = {
      name: 'launch',
      enabled: true,
      strategies: [
        {
          name: 'default',
          constraints: [
            { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2030-01-01T00:00:00Z' },
          ],
        },
      ],
    };
    expect(isEnabled(flag, {}, undefined, { now: () => Date.UTC(2029, 11, 31) })).toBe(false);
    expect(isEnabled(flag, {}, undefined, { now: () => Date.UTC(2030, 0, 2) })).toBe(true);
  });
});
