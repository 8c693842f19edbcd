import { describe, expect, it } from 'vitest';
import { applyDelta } from './apply-delta.ts';
import type { ClientFeatures, FlagDefinition } from './types.ts';

const flag = (name: string, enabled = true): FlagDefinition => ({ name, enabled, strategies: [] });

describe('applyDelta', () => {
  const state: ClientFeatures = {
    version: 2,
    features: [flag('a'), flag('b'), flag('c')],
    segments: [{ id: 1, constraints: [] }],
  };

  it('upserts in place, appends new flags and removes deleted ones', () => {
    const next = applyDelta(state, {
      events: [
        { eventId: 5, type: 'feature-updated', feature: flag('b', false) },
        { eventId: 6, type: 'feature-updated', feature: flag('d') },
        { eventId: 7, type: 'feature-removed', featureName: 'a', project: 'default' },
        { eventId: 8, type: 'segment-updated', segment: { id: 2, constraints: [] } },
        { eventId: 9, type: 'segment-removed', segmentId: 1 },
      ],
    });
    expect(next.features.map((item) => [item.name, item.enabled])).toEqual([
      ['b', false],
      ['c', true],
      ['d', true],
    ]);
    expect(next.segments?.map((segment) => segment.id)).toEqual([2]);
    expect(next.version).toBe(2);
  });

  it('replaces everything on hydration and leaves the input untouched', () => {
    const next = applyDelta(state, [{ eventId: 1, type: 'hydration', features: [flag('z')] }]);
    expect(next.features.map((item) => item.name)).toEqual(['z']);
    expect(next.segments).toEqual([]);
    expect(state.features.map((item) => item.name)).toEqual(['a', 'b', 'c']);
  });

  it('starts from nothing and skips unknown event types', () => {
    const next = applyDelta(undefined, [
      { type: 'feature-updated', feature: flag('x') },
      { type: 'something-new' } as never,
    ]);
    expect(next).toEqual({ features: [flag('x')], segments: [] });
  });
});
