import { describe, expect, it } from 'vitest';
import { ago, counted } from './format.ts';

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

describe('counted', () => {
  it('puts the noun in the number the count needs', () => {
    expect(counted(1, 'administrator')).toBe('1 administrator');
    expect(counted(0, 'administrator')).toBe('0 administrators');
    expect(counted(2, 'admin service account')).toBe('2 admin service accounts');
    expect(counted(1200, 'day')).toBe('1,200 days');
  });
});
