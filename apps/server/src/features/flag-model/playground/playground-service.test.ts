import { compileSnapshot } from '@switchyard/evaluation';
import { describe, expect, it } from 'vitest';
import { compileSelected } from './playground-service.ts';

const rollout = (rollout: number, plan?: string) => ({
  name: 'flexibleRollout',
  parameters: { rollout: String(rollout), stickiness: 'default', groupId: 'g' },
  constraints: plan ? [{ contextName: 'plan', operator: 'IN', values: [plan], inverted: false }] : [],
  segments: plan === 'pro' ? [1] : [],
  variants: [],
});
const flag = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'release',
  project: 'default',
  enabled: true,
  stale: false,
  impressionData: false,
  strategies: [rollout(50, 'pro')],
  variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }],
  ...extra,
});
// A chain: child needs parent's "blue", parent needs grandparent on; an unrelated flag besides.
const features = [
  flag('grandparent', { strategies: [rollout(70)] }),
  flag('parent', { dependencies: [{ feature: 'grandparent', enabled: true }] }),
  flag('child', { dependencies: [{ feature: 'parent', enabled: true, variants: ['blue'] }] }),
  flag('other', { enabled: false }),
];
const state = {
  environment: 'development',
  revisionId: 1,
  features,
  tags: new Map(),
  segments: [
    { id: 1, name: 's', constraints: [{ contextName: 'userId', operator: 'NOT_IN', values: ['u-3'] }] },
  ],
} as never;

describe('compiling only the flags asked for', () => {
  it('explains each asked flag exactly as the whole environment compiled does, parents and grandparents included', () => {
    const whole = compileSnapshot({ features, segments: (state as { segments: never[] }).segments } as never);
    for (const asked of ['child', 'parent', 'grandparent', 'other']) {
      const only = compileSelected(state, [features.find((f) => f.name === asked)!] as never);
      for (let i = 0; i < 200; i++) {
        const context = {
          environment: 'development',
          userId: `u-${i}`,
          properties: { plan: i % 3 ? 'pro' : 'free' },
        };
        expect(only.explain(asked, context), `${asked} for u-${i}`).toEqual(whole.explain(asked, context));
      }
    }
  });

  it('leaves out the flags no asked flag depends on', () => {
    const only = compileSelected(state, [features[2]] as never);
    expect([...only.names].sort()).toEqual(['child', 'grandparent', 'parent']);
    expect(compileSelected(state, [features[3]] as never).names).toEqual(['other']);
  });
});
