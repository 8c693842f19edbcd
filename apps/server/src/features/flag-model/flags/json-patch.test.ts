import { describe, expect, it } from 'vitest';
import { BadDataError } from '../../../http/errors.ts';
import { applyPatch } from './json-patch.ts';

describe('applyPatch (RFC 6902)', () => {
  const doc = { a: 1, list: [1, 2, 3], nested: { 'x/y': 'slash', 't~': 'tilde' } };

  it('applies add, remove, replace, move, copy and test without touching the input', () => {
    const result = applyPatch(doc, [
      { op: 'test', path: '/a', value: 1 },
      { op: 'replace', path: '/a', value: 2 },
      { op: 'add', path: '/list/-', value: 4 },
      { op: 'add', path: '/list/0', value: 0 },
      { op: 'remove', path: '/list/1' },
      { op: 'copy', from: '/nested/x~1y', path: '/copied' },
      { op: 'move', from: '/nested/t~0', path: '/moved' },
      { op: 'add', path: '/new', value: { deep: true } },
    ]);
    expect(result).toEqual({
      a: 2,
      list: [0, 2, 3, 4],
      nested: { 'x/y': 'slash' },
      copied: 'slash',
      moved: 'tilde',
      new: { deep: true },
    });
    expect(doc.a).toBe(1);
    expect(doc.list).toEqual([1, 2, 3]);
  });

  it.each([
    [{ op: 'test' as const, path: '/a', value: 5 }, 'not the expected one'],
    [{ op: 'replace' as const, path: '/missing', value: 1 }, 'no value at "/missing"'],
    [{ op: 'remove' as const, path: '/list/7' }, 'out of range'],
    [{ op: 'add' as const, path: 'no-slash', value: 1 }, 'not a JSON pointer'],
    [{ op: 'move' as const, path: '/b' }, 'needs a "from"'],
    [{ op: 'add' as const, path: '/x' }, 'needs a "value"'],
  ])('fails with a 400 naming the operation (%#)', (operation, message) => {
    expect(() => applyPatch(doc, [{ op: 'add', path: '/ok', value: 1 }, operation])).toThrow(BadDataError);
    try {
      applyPatch(doc, [{ op: 'add', path: '/ok', value: 1 }, operation]);
    } catch (error) {
      expect((error as BadDataError).message).toContain('operation 1');
      expect((error as BadDataError).message).toContain(message);
      expect((error as BadDataError).details[0]!.path).toBe('/body/1');
    }
  });
});
