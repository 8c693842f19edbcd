import { describe, expect, it } from 'vitest';
import { spreadWeights, weightProblem } from './variant-weights.ts';

describe('variant weights', () => {
  it('shares what the fixed weights leave, the remainder going to the first variable variants', () => {
    const spread = spreadWeights([{ weightType: 'fix', weight: 100 }, {}, { weightType: 'variable' }, {}]);
    expect(spread.map((v) => v.weight)).toEqual([100, 300, 300, 300]);
    expect(spreadWeights([{}, {}, {}]).map((v) => v.weight)).toEqual([334, 333, 333]);
    const mixed = spreadWeights([{ weightType: 'fix', weight: 200 }, {}, {}, {}]);
    expect(mixed.map((v) => v.weight)).toEqual([200, 267, 267, 266]);
    expect(spreadWeights([{ weightType: 'fix', weight: 30 }]).map((v) => v.weight)).toEqual([30]);
  });

  it('accepts only fixed weights when they add up to something, and no more than the total', () => {
    expect(weightProblem([])).toBeUndefined();
    expect(weightProblem([{ weightType: 'fix', weight: 1000 }])).toBeUndefined();
    expect(weightProblem([{ weightType: 'fix', weight: 0 }])).toMatch(/add up to 0/);
    expect(weightProblem([{ weightType: 'fix', weight: 800 }, { weightType: 'fix', weight: 300 }, {}])).toBe(
      'The "fix" weights add up to 1100, more than 1000',
    );
  });
});
