import { describe, expect, it } from 'vitest';
import { ago } from './format.ts';

describe('ago', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('says how long ago in the largest whole unit', () => {
    expect(ago('2026-11-26T11:59:30Z', now)).toBe('just now');
    expect(ago('2026-11-26T11:55:00Z', now)).toBe('5 minutes ago');
    expect(ago('2026-11-26T09:00:00Z', now)).toBe('3 hours ago');
    expect(ago('2026-11-25T11:00:00Z', now)).toBe('yesterday');
    expect(ago('2026-11-20T12:00:00Z', now)).toBe('6 days ago');
  });
});
