import { describe, expect, it } from 'vitest';
import {
  coverage,
  keyOf,
  selectionOf,
  selectionProblems,
  setAll,
  toggle,
  toPermissionList,
} from './role-permissions.ts';
import { rootPermissionSections } from './root-permission-sections.ts';

describe('a role form selection', () => {
  it('round-trips the permissions of a role, environments included', () => {
    const permissions = [
      { name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'development' },
      { name: 'CREATE_FEATURE', environment: null },
    ];
    const selection = selectionOf(permissions);
    expect(selection.has('UPDATE_FEATURE_ENVIRONMENT@development')).toBe(true);
    expect(toPermissionList(selection)).toEqual([
      { name: 'CREATE_FEATURE' },
      { name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'development' },
    ]);
  });

  it('leaves out what a custom role may no longer hold, so saving the role drops it', () => {
    const selection = selectionOf([{ name: 'UPDATE_FEATURE_VARIANTS' }, { name: 'CREATE_FEATURE' }]);
    expect([...selection]).toEqual(['CREATE_FEATURE']);
    expect(selectionProblems('custom', new Set(['PROJECT_SETTINGS_READ']))[0]).toMatch(/cannot be granted/);
  });

  it('ticks rows and columns whole, and says how much of them is ticked', () => {
    const row = ['development', 'production'].map((e) => keyOf('UPDATE_FEATURE_ENVIRONMENT', e));
    let selection = toggle(new Set<string>(), row[0]!);
    expect(coverage(selection, row)).toBe('some');
    selection = setAll(selection, row, true);
    expect(coverage(selection, row)).toBe('all');
    expect(coverage(setAll(selection, row, false), row)).toBe('none');
  });

  it("refuses what the server's rule refuses, for the role's type", () => {
    expect(
      selectionProblems('custom', new Set(['CREATE_FEATURE', 'UPDATE_FEATURE_ENVIRONMENT@dev'])),
    ).toEqual([]);
    expect(selectionProblems('custom', new Set(['CREATE_SEGMENT']))[0]).toMatch(/root permission/);
    expect(selectionProblems('custom', new Set(['UPDATE_FEATURE_ENVIRONMENT']))[0]).toMatch(/environment/);
    expect(selectionProblems('root-custom', new Set(['ADMIN']))[0]).toMatch(/cannot be granted/);
    expect(selectionProblems('root-custom', new Set(['NOT_A_THING']))).toEqual([
      'NOT_A_THING is not a permission',
    ]);
  });
});

describe('the root permission checklist', () => {
  it('groups permissions by what they act on, keeping the catalogue order, the rest under Instance', () => {
    const names = ['CREATE_ADDON', 'CREATE_SEGMENT', 'DELETE_ADDON', 'READ_CLIENT_API_TOKEN', 'UPDATE_CORS'];
    const sections = rootPermissionSections(names.map((name) => ({ name })));
    expect(sections.map((s) => [s.title, s.permissions.map((p) => p.name)])).toEqual([
      ['Integrations', ['CREATE_ADDON', 'DELETE_ADDON']],
      ['Segments', ['CREATE_SEGMENT']],
      ['API tokens', ['READ_CLIENT_API_TOKEN']],
      ['Instance', ['UPDATE_CORS']],
    ]);
  });
});
