import { describe, expect, it } from 'vitest';
import { BadDataError, InvalidOperationError } from '../../../http/errors.ts';
import { checkDependency, type DependencyFacts } from './dependency.ts';

const facts = (overrides: Partial<DependencyFacts> = {}): DependencyFacts => ({
  child: 'child',
  project: 'web',
  parent: { name: 'parent', project: 'web', active: true },
  childIsParent: false,
  parentIsChild: false,
  ...overrides,
});

describe('checkDependency', () => {
  it('defaults to requiring an enabled parent with any variant', () => {
    expect(checkDependency({ parent: 'parent' }, facts())).toEqual({
      parent: 'parent',
      child: 'child',
      enabled: true,
      variants: [],
    });
  });

  it('keeps distinct variants when the parent must be enabled, and drops an empty list when it must be disabled', () => {
    expect(checkDependency({ parent: 'parent', variants: ['a', 'b', 'a'] }, facts()).variants).toEqual([
      'a',
      'b',
    ]);
    expect(checkDependency({ parent: 'parent', enabled: false, variants: [] }, facts())).toMatchObject({
      enabled: false,
      variants: [],
    });
  });

  it('refuses variants with enabled false as bad data naming /body/variants', () => {
    const attempt = () => checkDependency({ parent: 'parent', enabled: false, variants: ['a'] }, facts());
    expect(attempt).toThrow(BadDataError);
    try {
      attempt();
    } catch (error) {
      expect((error as BadDataError).details[0]!.path).toBe('/body/variants');
    }
  });

  it.each([
    ['itself', { parent: 'child' }, facts(), 'itself'],
    ['a child that is a parent', { parent: 'parent' }, facts({ childIsParent: true }), 'Transitive'],
    ['a parent that is a child', { parent: 'parent' }, facts({ parentIsChild: true }), 'Transitive'],
    ['a missing parent', { parent: 'parent' }, facts({ parent: undefined }), 'No active flag'],
    [
      'an archived parent',
      { parent: 'parent' },
      facts({ parent: { name: 'parent', project: 'web', active: false } }),
      'No active flag',
    ],
    [
      'a parent in another project',
      { parent: 'parent' },
      facts({ parent: { name: 'parent', project: 'app', active: true } }),
      'same project',
    ],
  ])('refuses depending on %s as an invalid operation', (_label, request, given, message) => {
    expect(() => checkDependency(request, given)).toThrow(InvalidOperationError);
    expect(() => checkDependency(request, given)).toThrow(message);
  });
});
