import { describe, expect, it } from 'vitest';
import { grants, levelOf, PERMISSION_NAMES } from './permissions.ts';
import { invalidRolePermission, predefinedRole } from './roles.ts';

const held = (name: 'Admin' | 'Editor' | 'Viewer' | 'Owner' | 'Member' | 'Reader') =>
  predefinedRole(name).permissions.map((p) => p.permission);

describe('the permission catalogue', () => {
  it('lets ADMIN pass every check except skipping a change request', () => {
    for (const name of PERMISSION_NAMES.filter((n) => n !== 'SKIP_CHANGE_REQUEST')) {
      expect(grants(held('Admin'), name), name).toBe(true);
    }
    expect(grants(held('Admin'), 'SKIP_CHANGE_REQUEST')).toBe(false);
  });

  it('gives Viewers and Readers nothing beyond the plain read every principal has', () => {
    expect(held('Viewer')).toEqual([]);
    expect(held('Reader')).toEqual([]);
  });

  it("gives Editors Unleash's root permissions: definitions and projects, no users or instance settings", () => {
    for (const name of ['CREATE_PROJECT', 'CREATE_SEGMENT', 'CREATE_CLIENT_API_TOKEN'] as const) {
      expect(grants(held('Editor'), name), name).toBe(true);
    }
    for (const name of [
      'ADMIN',
      'UPDATE_MAINTENANCE_MODE',
      'READ_ROLE',
      'UPDATE_AUTH_CONFIGURATION',
    ] as const) {
      expect(grants(held('Editor'), name), name).toBe(false);
    }
    expect(held('Editor').every((name) => levelOf(name) === 'root')).toBe(true);
  });

  it('gives Owners every project permission and change request review but no skipping, Members flag work only', () => {
    expect(grants(held('Owner'), 'UPDATE_PROJECT')).toBe(true);
    expect(grants(held('Owner'), 'APPROVE_CHANGE_REQUEST')).toBe(true);
    expect(grants(held('Owner'), 'APPLY_CHANGE_REQUEST')).toBe(true);
    expect(grants(held('Owner'), 'SKIP_CHANGE_REQUEST')).toBe(false);
    expect(grants(held('Member'), 'APPROVE_CHANGE_REQUEST')).toBe(false);
    expect(grants(held('Member'), 'UPDATE_FEATURE_ENVIRONMENT')).toBe(true);
    expect(grants(held('Member'), 'UPDATE_PROJECT')).toBe(false);
    expect(grants(held('Member'), 'PROJECT_USER_ACCESS_WRITE')).toBe(false);
  });

  it('lets UPDATE_PROJECT include the granular project permissions', () => {
    expect(grants(['UPDATE_PROJECT'], 'PROJECT_DEFAULT_STRATEGY_WRITE')).toBe(true);
    expect(grants(['PROJECT_DEFAULT_STRATEGY_WRITE'], 'UPDATE_PROJECT')).toBe(false);
  });

  it('knows the level of every permission', () => {
    expect(levelOf('CREATE_PROJECT')).toBe('root');
    expect(levelOf('CREATE_FEATURE')).toBe('project');
    expect(levelOf('UPDATE_FEATURE_ENVIRONMENT')).toBe('environment');
  });

  it('keeps root and project permissions apart in custom roles', () => {
    expect(invalidRolePermission('root-custom', { permission: 'CREATE_SEGMENT' })).toBeUndefined();
    expect(invalidRolePermission('root-custom', { permission: 'CREATE_FEATURE' })).toMatch(
      /project permission/,
    );
    expect(invalidRolePermission('custom', { permission: 'CREATE_SEGMENT' })).toMatch(/root permission/);
    expect(invalidRolePermission('custom', { permission: 'UPDATE_FEATURE_ENVIRONMENT' })).toMatch(
      /environment/,
    );
    expect(
      invalidRolePermission('custom', {
        permission: 'UPDATE_FEATURE_ENVIRONMENT',
        environment: 'development',
      }),
    ).toBeUndefined();
    expect(invalidRolePermission('root-custom', { permission: 'ADMIN' })).toMatch(/cannot be granted/);
  });
});
