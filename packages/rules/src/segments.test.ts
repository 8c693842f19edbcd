import { describe, expect, it } from 'vitest';
import { segmentUsableIn, STRATEGY_SEGMENTS_LIMIT } from './segments.ts';

describe('segmentUsableIn', () => {
  it('lets every project use a global segment and only its own project use a project segment', () => {
    expect(segmentUsableIn(null, 'shop')).toBe(true);
    expect(segmentUsableIn(undefined, 'shop')).toBe(true);
    expect(segmentUsableIn('shop', 'shop')).toBe(true);
    expect(segmentUsableIn('garden', 'shop')).toBe(false);
  });

  it('allows five segments per strategy, as Unleash does by default', () => {
    expect(STRATEGY_SEGMENTS_LIMIT).toBe(5);
  });
});
