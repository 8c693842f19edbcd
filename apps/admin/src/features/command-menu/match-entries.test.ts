import { describe, expect, it } from 'vitest';
import { matchEntries, matchScore, type CommandEntry } from './match-entries.ts';

const entry = (label: string, detail?: string): CommandEntry => ({ id: label, kind: 'flag', label, detail });

describe('matchScore', () => {
  it('ranks a whole match over a prefix, a prefix over a word start, a word start over any substring', () => {
    const scores = ['checkout', 'checkout-v2', 'new-checkout', 'precheckout'].map((text) =>
      matchScore(text, 'checkout'),
    );
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('matches letters in order as a last resort, tighter first, and nothing out of order', () => {
    expect(matchScore('new-checkout', 'nwchk')).toBeGreaterThan(0);
    expect(matchScore('new-checkout', 'nwchk')).toBeLessThan(matchScore('checkout-new', 'new'));
    expect(matchScore('n-w-c-h-k-long', 'nwchk')).toBeLessThan(matchScore('nwchk-long', 'nwch'));
    expect(matchScore('checkout', 'kc')).toBe(0);
  });
});

describe('matchEntries', () => {
  it('lists the best matches first, ignoring case and outer spaces, and keeps ties in their given order', () => {
    const entries = [entry('Old checkout'), entry('checkout'), entry('Segments'), entry('checkout-v2')];
    expect(matchEntries(entries, '  CHECKOUT ').map((e) => e.label)).toEqual([
      'checkout',
      'checkout-v2',
      'Old checkout',
    ]);
  });

  it('matches the detail too, below label matches', () => {
    const entries = [entry('banner', 'web'), entry('web-login', 'mobile')];
    expect(matchEntries(entries, 'web').map((e) => e.label)).toEqual(['web-login', 'banner']);
  });

  it('caps the list, with or without a query', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => entry(`flag-${i}`));
    expect(matchEntries(many, '')).toHaveLength(20);
    expect(matchEntries(many, 'flag-1', 5).map((e) => e.label)).toEqual([
      'flag-1',
      'flag-10',
      'flag-11',
      'flag-12',
      'flag-13',
    ]);
  });
});
