import { describe, expect, it } from 'vitest';
import { compileSnapshot } from './compiled-snapshot.ts';
import { explain } from './evaluate.ts';
import type { ClientFeatures } from './types.ts';

const payload: ClientFeatures = {
  features: [
    {
      name: 'search',
      enabled: true,
      strategies: [
        { name: 'custom', parameters: { foo: 'bar' }, id: 's1', title: 'Custom' },
        { name: 'default', disabled: true },
        {
          name: 'flexibleRollout',
          parameters: { rollout: '100', stickiness: 'default', groupId: 'search' },
          constraints: [
            { contextName: 'country', operator: 'IN', values: ['NO'] },
            { contextName: 'appName', operator: 'NOT_IN', values: ['legacy'], inverted: true },
          ],
          segments: [1, 99],
        },
        { name: 'userWithId', parameters: { userIds: 'ann' }, segments: [1] },
      ],
    },
    { name: 'parent', enabled: false, strategies: [] },
    {
      name: 'child',
      enabled: true,
      strategies: [],
      dependencies: [{ feature: 'parent' }, { feature: 'ghost' }, { feature: 'parent', enabled: false }],
    },
  ],
  segments: [
    {
      id: 1,
      name: 'staff',
      constraints: [{ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@corp.com'] }],
    },
  ],
};

describe('explain', () => {
  const context = { userId: 'ann', appName: 'web', properties: { country: 'SE', email: 'ann@corp.com' } };

  it('reports every strategy, constraint and segment with its result', () => {
    const explanation = explain('search', context, payload);
    expect(explanation).toMatchObject({
      name: 'search',
      found: true,
      enabled: true,
      reason: 'strategy',
      winningStrategy: 3,
    });
    const [custom, disabled, rollout, users] = explanation.strategies;
    expect(custom).toMatchObject({
      index: 0,
      name: 'custom',
      id: 's1',
      title: 'Custom',
      known: false,
      ruleResult: false,
      result: false,
    });
    expect(disabled).toMatchObject({ index: 1, disabled: true, result: false });
    expect(rollout).toMatchObject({
      known: true,
      ruleResult: true,
      constraintsResult: false,
      segmentsResult: false,
      result: false,
    });
    expect(rollout?.constraints).toEqual([
      {
        contextName: 'country',
        operator: 'IN',
        values: ['NO'],
        contextValue: 'SE',
        known: true,
        result: false,
      },
      {
        contextName: 'appName',
        operator: 'NOT_IN',
        values: ['legacy'],
        inverted: true,
        contextValue: 'web',
        known: true,
        result: false,
      },
    ]);
    expect(rollout?.segments).toEqual([
      {
        id: 1,
        name: 'staff',
        found: true,
        result: true,
        constraints: [
          {
            contextName: 'email',
            operator: 'STR_ENDS_WITH',
            values: ['@corp.com'],
            contextValue: 'ann@corp.com',
            known: true,
            result: true,
          },
        ],
      },
      { id: 99, name: undefined, found: false, result: false, constraints: [] },
    ]);
    expect(users).toMatchObject({ result: true, segmentsResult: true, constraintsResult: true });
    expect(explanation.variant).toEqual({
      name: 'disabled',
      enabled: false,
      feature_enabled: true,
      featureEnabled: true,
    });
  });

  it('says which dependency failed and why', () => {
    const explanation = explain('child', {}, payload);
    expect(explanation).toMatchObject({ enabled: false, reason: 'dependencies', dependenciesResult: false });
    expect(explanation.dependencies).toEqual([
      { feature: 'parent', enabled: true, variants: undefined, result: false, failure: 'parent-state' },
      { feature: 'ghost', enabled: true, variants: undefined, result: false, failure: 'parent-missing' },
      { feature: 'parent', enabled: false, variants: undefined, result: true, failure: undefined },
    ]);
  });

  it('still evaluates strategies of a switched-off flag', () => {
    const off = { ...payload, features: [{ ...payload.features[0]!, enabled: false }] };
    const explanation = explain('search', context, off);
    expect(explanation).toMatchObject({
      enabled: false,
      flagEnabled: false,
      reason: 'flag-disabled',
      winningStrategy: 3,
    });
    expect(explanation.variant.feature_enabled).toBe(false);
  });

  it('explains an unknown flag and agrees between the plain and compiled forms', () => {
    expect(explain('missing', {}, payload)).toMatchObject({
      found: false,
      enabled: false,
      reason: 'unknown-flag',
    });
    const compiled = compileSnapshot(payload);
    for (const name of ['search', 'child', 'parent', 'missing']) {
      expect(compiled.explain(name, context)).toEqual(explain(name, context, payload));
    }
  });
});
