import { describe, expect, it } from 'vitest';
import { describeChange } from './change-diff.ts';
import { draftEnvironment } from './use-change-writer.ts';

describe('the diff of a change', () => {
  it('shows a switch from its snapshot to its payload', () => {
    expect(
      describeChange({ action: 'updateEnabled', payload: { enabled: true }, snapshot: { enabled: false } }),
    ).toEqual({
      summary: 'Turn on',
      rows: [{ field: 'Enabled', before: 'off', after: 'on', changed: true }],
    });
  });

  it('lines up the fields of a changed strategy and marks only what changed', () => {
    const before = {
      name: 'flexibleRollout',
      disabled: false,
      parameters: { rollout: '25', stickiness: 'default' },
      constraints: [{ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'] }],
    };
    const after = {
      ...before,
      id: 's1',
      parameters: { rollout: '50', stickiness: 'default' },
      constraints: [],
    };
    const { summary, rows } = describeChange({ action: 'updateStrategy', payload: after, snapshot: before });
    expect(summary).toBe('Change strategy flexibleRollout');
    expect(rows.filter((r) => r.changed).map((r) => r.field)).toEqual(['Parameter rollout', 'Constraint 1']);
    expect(rows.find((r) => r.field === 'Parameter rollout')).toMatchObject({ before: '25', after: '50' });
    expect(rows.find((r) => r.field === 'Constraint 1')!.before).toContain('email');
  });

  it('shows an added strategy with nothing before, and variants by name', () => {
    const { rows } = describeChange({
      action: 'addStrategy',
      payload: { name: 'default', constraints: [], parameters: {} },
    });
    expect(rows).toEqual([
      { field: 'Strategy', before: undefined, after: 'default', changed: true },
      { field: 'Active', before: undefined, after: 'yes', changed: true },
    ]);
    const variants = describeChange({
      action: 'patchVariant',
      payload: { variants: [{ name: 'blue', weight: 1000 }] },
      snapshot: { variants: [{ name: 'red', weight: 1000 }] },
    });
    expect(variants.rows.map((r) => [r.field, r.before, r.after])).toEqual([
      ['Variant red', '100%', undefined],
      ['Variant blue', undefined, '100%'],
    ]);
  });
});

describe('where an edit is drafted', () => {
  const config = [
    { environment: 'development', type: 'development', changeRequestEnabled: false, requiredApprovals: null },
    { environment: 'staging', type: 'test', changeRequestEnabled: true, requiredApprovals: 1 },
    { environment: 'production', type: 'production', changeRequestEnabled: true, requiredApprovals: 2 },
  ];
  it('drafts in an environment with change requests and writes directly elsewhere', () => {
    expect(draftEnvironment(config, 'production')).toBe('production');
    expect(draftEnvironment(config, 'development')).toBeUndefined();
    expect(draftEnvironment(undefined, 'production')).toBeUndefined();
  });
  it('puts a project-wide change in production first', () => {
    expect(draftEnvironment(config)).toBe('production');
    expect(draftEnvironment(config.slice(0, 2))).toBe('staging');
    expect(draftEnvironment(config.slice(0, 1))).toBeUndefined();
  });
});
