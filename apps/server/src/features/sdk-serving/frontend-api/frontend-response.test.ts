import { compileSnapshot } from '@switchyard/evaluation';
import { describe, expect, it } from 'vitest';
import { serialiseToggle, serialiseToggles, toToggle } from './frontend-response.ts';

const snapshot = compileSnapshot({
  features: [
    { name: 'on', enabled: true, strategies: [{ name: 'default' }] },
    { name: 'übersicht', enabled: true, impressionData: true, strategies: [{ name: 'default' }] },
    {
      name: 'split',
      enabled: true,
      strategies: [{ name: 'default' }],
      variants: [
        { name: 'a', weight: 500, stickiness: 'userId', payload: { type: 'string', value: 'A "quoted"' } },
        { name: 'b', weight: 500, stickiness: 'userId' },
      ],
    },
    { name: 'off', enabled: false, strategies: [] },
  ],
} as never);

describe('frontend response serialisation', () => {
  it('writes exactly what JSON.stringify would, from cached fragments', () => {
    for (const userId of ['1', '2', '3', '4']) {
      const results = snapshot.evaluateAll({ userId });
      const { json } = serialiseToggles(results);
      expect(json).toBe(JSON.stringify({ toggles: results.map(toToggle) }));
      expect(JSON.parse(json).toggles.map((t: { name: string }) => t.name)).toEqual([
        'on',
        'übersicht',
        'split',
      ]);
    }
    expect(serialiseToggles([]).json).toBe('{"toggles":[]}');
    const one = snapshot.evaluate('split', { userId: '1' });
    expect(serialiseToggle(one).json).toBe(JSON.stringify(toToggle(one)));
  });

  it('gives equal bodies equal ETags and different bodies different ones', () => {
    const variantOf = (userId: string) => snapshot.evaluate('split', { userId }).variant.name;
    const userA = ['1', '2', '3', '4', '5', '6'].find((id) => variantOf(id) === 'a')!;
    const userB = ['1', '2', '3', '4', '5', '6'].find((id) => variantOf(id) === 'b')!;
    const a1 = serialiseToggles(snapshot.evaluateAll({ userId: userA }));
    const a2 = serialiseToggles(snapshot.evaluateAll({ userId: userA }));
    const b = serialiseToggles(snapshot.evaluateAll({ userId: userB }));
    expect(a1.etag).toBe(a2.etag);
    expect(a1.etag).toMatch(/^W\/"[0-9a-z.]+"$/);
    expect(b.etag).not.toBe(a1.etag);
    const reordered = serialiseToggles(snapshot.evaluateAll({ userId: userA }).reverse());
    expect(reordered.etag).not.toBe(a1.etag);
    expect(serialiseToggles(snapshot.evaluateAll({ userId: userA }).slice(1)).etag).not.toBe(a1.etag);
  });
});
