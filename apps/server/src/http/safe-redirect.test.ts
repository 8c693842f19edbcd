import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps a path on this server, with its query', () => {
    expect(safeRedirectPath('/projects/default')).toBe('/projects/default');
    expect(safeRedirectPath('/flags?query=checkout%20page')).toBe('/flags?query=checkout%20page');
  });

  it.each([
    ['a tab browsers remove', '/\t/evil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['a newline', '/projects\nSet-Cookie: x=1'],
    ['an encoded newline', '/%0d%0aSet-Cookie:%20x=1'],
    ['a protocol-relative URL', '//evil.example'],
    ['an encoded protocol-relative URL', '/%2Fevil.example'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an absolute URL', 'https://evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'projects'],
    ['a broken escape', '/%E0%A4%A'],
    ['nothing', undefined],
    ['not text', ['/a', '/b']],
  ])('falls back to / for %s', (_case, value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });
});
