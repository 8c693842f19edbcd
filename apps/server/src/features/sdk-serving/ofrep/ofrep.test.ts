import type { FlagDefinition, FlagResult } from '@switchyard/evaluation';
import { describe, expect, it } from 'vitest';
import { buildOfrepContext, toOfrepEvaluation } from './ofrep.ts';

const definition: FlagDefinition = {
  name: 'f',
  enabled: true,
  project: 'web',
  strategies: [{ name: 'default' }],
};
const result = (variant?: { name: string; payload?: { type: string; value: string } }): FlagResult => ({
  name: 'f',
  enabled: true,
  impressionData: false,
  variant: variant
    ? { ...variant, enabled: true, feature_enabled: true, featureEnabled: true }
    : { name: 'disabled', enabled: false, feature_enabled: true, featureEnabled: true },
});

describe('buildOfrepContext', () => {
  it('makes the targeting key the userId and other attributes properties, as the Frontend API does', () => {
    expect(buildOfrepContext({ targetingKey: 'u1', sessionId: 's', plan: 'pro', n: 3 }, '10.0.0.1')).toEqual({
      userId: 'u1',
      sessionId: 's',
      appName: 'frontend-api',
      environment: 'default',
      remoteAddress: '10.0.0.1',
      properties: { plan: 'pro', n: '3' },
    });
    expect(buildOfrepContext({ targetingKey: 'u1', userId: 'u2' }, '::1').userId).toBe('u2');
  });
});

describe('toOfrepEvaluation', () => {
  it('answers csv payloads as strings and refuses a payload that is not the type it says', () => {
    expect(
      toOfrepEvaluation(definition, result({ name: 'v', payload: { type: 'csv', value: 'a,b' } }), true),
    ).toMatchObject({
      value: 'a,b',
      variant: 'v',
      reason: 'SPLIT',
      metadata: { project: 'web', enabled: true },
    });
    expect(toOfrepEvaluation(definition, result({ name: 'v' }), true)).toMatchObject({ value: 'v' });
    for (const payload of [
      { type: 'number', value: 'many' },
      { type: 'number', value: ' ' },
      { type: 'json', value: '{' },
    ]) {
      expect(toOfrepEvaluation(definition, result({ name: 'v', payload }), true)).toMatchObject({
        errorCode: 'PARSE_ERROR',
      });
    }
  });

  it('asks for a targeting key only where the flag is rolled out by userId and turned on', () => {
    const byUser: FlagDefinition = {
      ...definition,
      strategies: [{ name: 'flexibleRollout', parameters: { rollout: '50', stickiness: 'userId' } }],
    };
    expect(toOfrepEvaluation(byUser, result(), false)).toMatchObject({ errorCode: 'TARGETING_KEY_MISSING' });
    expect(
      toOfrepEvaluation({ ...byUser, enabled: false }, { ...result(), enabled: false }, false),
    ).toMatchObject({
      value: false,
      reason: 'DISABLED',
    });
    expect(toOfrepEvaluation(definition, result(), false)).toMatchObject({
      value: true,
      reason: 'TARGETING_MATCH',
    });
  });
});
