import { describe, expect, it } from 'vitest';
import { strategyDisplayName } from './built-in-strategies.ts';

describe('strategyDisplayName', () => {
  it('gives built-in strategies their one display name and keeps custom names', () => {
    expect(strategyDisplayName('flexibleRollout')).toBe('Gradual rollout');
    expect(strategyDisplayName('default')).toBe('Standard');
    expect(strategyDisplayName('my-custom')).toBe('my-custom');
  });
});
