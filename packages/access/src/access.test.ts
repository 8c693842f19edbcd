import { describe, expect, it } from 'vitest';
import { allows, buildAccess, isMember } from './access.ts';
import { accessFromGrantList, toGrantList } from './grant-list.ts';
import { predefinedRole, type Role } from './roles.ts';

const developmentToggler: Role = {
  id: 101,
  name: 'Development toggler',
  description: null,
  type: 'custom',
  permissions: [
    { permission: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'development' },
    { permission: 'CREATE_FEATURE' },
  ],
};

describe('allows', () => {
  it('lets an Admin do anything anywhere but skip change requests', () => {
    const access = buildAccess([predefinedRole('Admin')], []);
    expect(allows(access, 'DELETE_PROJECT', { projects: ['web'] })).toBe(true);
    expect(
      allows(access, 'UPDATE_FEATURE_ENVIRONMENT', { projects: ['web'], environments: ['production'] }),
    ).toBe(true);
    expect(allows(access, 'SKIP_CHANGE_REQUEST', { projects: ['web'], environments: ['production'] })).toBe(
      false,
    );
    expect(isMember(access, 'anything')).toBe(true);
  });

  it("confines an Editor's flag work to the default project and its memberships", () => {
    const editor = buildAccess(
      [predefinedRole('Editor')],
      [{ project: 'web', role: predefinedRole('Member') }],
    );
    expect(allows(editor, 'CREATE_FEATURE', { projects: ['default'] })).toBe(true);
    expect(allows(editor, 'CREATE_FEATURE', { projects: ['web'] })).toBe(true);
    expect(allows(editor, 'CREATE_FEATURE', { projects: ['mobile'] })).toBe(false);
    expect(allows(editor, 'CREATE_FEATURE', { projects: ['web', 'mobile'] })).toBe(false);
    expect(allows(editor, 'UPDATE_PROJECT', { projects: ['web'] })).toBe(false);
    expect(allows(editor, 'CREATE_SEGMENT')).toBe(true);
    expect(allows(editor, 'READ')).toBe(true);
  });

  it('scopes environment permissions of a custom project role to their environments', () => {
    const access = buildAccess([predefinedRole('Viewer')], [{ project: 'web', role: developmentToggler }]);
    const scope = (environment: string) => ({ projects: ['web'], environments: [environment] });
    expect(allows(access, 'UPDATE_FEATURE_ENVIRONMENT', scope('development'))).toBe(true);
    expect(allows(access, 'UPDATE_FEATURE_ENVIRONMENT', scope('production'))).toBe(false);
    expect(allows(access, 'UPDATE_FEATURE_ENVIRONMENT', { projects: ['web'] })).toBe(true);
    expect(allows(access, 'CREATE_FEATURE', { projects: ['web'] })).toBe(true);
    expect(allows(access, 'CREATE_FEATURE_STRATEGY', scope('development'))).toBe(false);
    expect(allows(access, 'CREATE_FEATURE', { projects: ['default'] })).toBe(false);
  });

  it('lets a project owner manage access through the granular permission UPDATE_PROJECT includes', () => {
    const owner = buildAccess(
      [predefinedRole('Viewer')],
      [{ project: 'web', role: predefinedRole('Owner') }],
    );
    expect(allows(owner, 'PROJECT_USER_ACCESS_WRITE', { projects: ['web'] })).toBe(true);
    expect(allows(owner, 'PROJECT_USER_ACCESS_WRITE', { projects: ['mobile'] })).toBe(false);
    expect(allows(owner, 'CREATE_PROJECT')).toBe(false);
  });

  it('makes a Reader a member with no rights', () => {
    const reader = buildAccess(
      [predefinedRole('Viewer')],
      [{ project: 'secret', role: predefinedRole('Reader') }],
    );
    expect(isMember(reader, 'secret')).toBe(true);
    expect(isMember(reader, 'web')).toBe(false);
    expect(allows(reader, 'UPDATE_FEATURE', { projects: ['secret'] })).toBe(false);
  });
});

describe('the grant list', () => {
  it('round-trips an Access through the shape GET /api/admin/user answers', () => {
    const access = buildAccess([predefinedRole('Editor')], [{ project: 'web', role: developmentToggler }]);
    const again = accessFromGrantList(JSON.parse(JSON.stringify(toGrantList(access))));
    expect(again).toEqual(access);
    expect(
      allows(again, 'UPDATE_FEATURE_ENVIRONMENT', { projects: ['web'], environments: ['production'] }),
    ).toBe(false);
  });
});
