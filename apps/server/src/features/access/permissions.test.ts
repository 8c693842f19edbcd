import { describe, expect, it } from 'vitest';
import { grants, levelOf, PERMISSION_NAMES, ROOT_ROLE_PERMISSIONS } from './permissions.ts';

describe('the permission catalogue', () => {
  it('lets ADMIN pass every check except skipping a change request', () => {
    const admin = ROOT_ROLE_PERMISSIONS.Admin;
    for (const name of PERMISSION_NAMES.filter((n) => n !== 'SKIP_CHANGE_REQUEST')) {
      expect(grants(admin, name), name).toBe(true);
    }
    expect(grants(admin, 'SKIP_CHANGE_REQUEST')).toBe(false);
  });

  it('gives Viewers plain reads only', () => {
    expect(PERMISSION_NAMES.filter((name) => grants(ROOT_ROLE_PERMISSIONS.Viewer, name))).toEqual(['READ']);
  });

  it('gives Editors flag work and definitions but no users, instance settings or project settings', () => {
    const editor = ROOT_ROLE_PERMISSIONS.Editor;
    for (const name of [
      'READ',
      'CREATE_PROJECT',
      'CREATE_FEATURE',
      'UPDATE_FEATURE_ENVIRONMENT',
      'CREATE_SEGMENT',
    ] as const) {
      expect(grants(editor, name), name).toBe(true);
    }
    for (const name of [
      'ADMIN',
      'UPDATE_PROJECT',
      'DELETE_PROJECT',
      'UPDATE_MAINTENANCE_MODE',
      'APPROVE_CHANGE_REQUEST',
    ] as const) {
      expect(grants(editor, name), name).toBe(false);
    }
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
});
