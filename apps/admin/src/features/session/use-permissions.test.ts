import { describe, expect, it } from 'vitest';
import { canFrom } from './use-permissions.ts';

const me = (permissions: { permission: string; project?: string; environment?: string }[]) => ({
  user: {
    id: 7,
    username: 'vera',
    email: null,
    name: 'Vera',
    rootRole: 3,
    rootRoleName: 'Viewer',
    permissions: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    seenAt: null,
    isAPI: false,
  },
  permissions,
  feedback: [],
  splash: {},
});

describe('the permissions the UI decides with', () => {
  it('holds a project permission only in the projects that grant it', () => {
    const can = canFrom(me([{ permission: 'READ' }, { permission: 'CREATE_FEATURE', project: 'team' }]));
    expect(can('CREATE_FEATURE', { project: 'team' })).toBe(true);
    expect(can('CREATE_FEATURE', { project: 'other' })).toBe(false);
    // Named no project: some project will do, as the server decides for a request that names none.
    expect(can('CREATE_FEATURE')).toBe(true);
    expect(can('ADMIN')).toBe(false);
    expect(can('CREATE_PROJECT')).toBe(false);
  });

  it('holds an environment permission in its environment, or in every one with *', () => {
    const can = canFrom(
      me([
        { permission: 'UPDATE_FEATURE_ENVIRONMENT', project: 'team', environment: 'development' },
        { permission: 'CREATE_FEATURE_STRATEGY', project: 'team', environment: '*' },
      ]),
    );
    expect(can('UPDATE_FEATURE_ENVIRONMENT', { project: 'team', environment: 'development' })).toBe(true);
    expect(can('UPDATE_FEATURE_ENVIRONMENT', { project: 'team', environment: 'production' })).toBe(false);
    expect(can('CREATE_FEATURE_STRATEGY', { project: 'team', environment: 'production' })).toBe(true);
    expect(can('CREATE_FEATURE_STRATEGY', { project: 'other', environment: 'production' })).toBe(false);
  });

  it('lets ADMIN pass everything, and grants nothing without a session or for unknown names', () => {
    expect(canFrom(me([{ permission: 'ADMIN' }]))('PROJECT_USER_ACCESS_WRITE', { project: 'x' })).toBe(true);
    expect(canFrom(null)('READ')).toBe(false);
    expect(canFrom(me([{ permission: 'NOT_A_PERMISSION' }]))('READ')).toBe(false);
  });

  it('counts UPDATE_PROJECT as the granular project permissions it includes', () => {
    const can = canFrom(me([{ permission: 'UPDATE_PROJECT', project: 'team' }]));
    expect(can('PROJECT_USER_ACCESS_READ', { project: 'team' })).toBe(true);
    expect(can('PROJECT_USER_ACCESS_WRITE', { project: 'team' })).toBe(true);
    expect(can('PROJECT_USER_ACCESS_READ', { project: 'other' })).toBe(false);
  });
});
