import { describe, expect, it } from 'vitest';
import { missingShape } from './prose-output';

describe('missingShape', () => {
  it('checks that the keys a JSON output shows are there, whatever their values', () => {
    const shown = { lang: 'json', code: '{ "secret": "x…", "projects": ["default"], "owner": { "id": 1 } }' };
    expect(missingShape(shown, '{"secret":"abc","projects":["web"],"owner":{"id":7},"more":true}')).toEqual(
      [],
    );
    expect(missingShape(shown, '{"secret":"abc","owner":{}}')).toEqual([
      'missing .projects',
      'missing .owner.id',
    ]);
    expect(missingShape(shown, 'Not Found')[0]).toMatch(/^not JSON/);
  });

  it('checks that the lines a text output shows are printed in that order', () => {
    const shown = { lang: 'text', code: '200\n403\n' };
    expect(missingShape(shown, 'noise\n200\n  403  \n')).toEqual([]);
    expect(missingShape(shown, '403\n200\n')).toEqual(['no line "403"']);
  });
});
