import { describe, expect, it } from 'vitest';
import { apiTokenPermission, apiTokenPermissions } from './api-token-permissions.ts';
import { GRANTABLE_PERMISSIONS } from './permissions.ts';

describe('API token permissions', () => {
  it("are the kind's own for client and frontend tokens, ADMIN for admin tokens", () => {
    expect(apiTokenPermission('CREATE', 'client')).toBe('CREATE_CLIENT_API_TOKEN');
    expect(apiTokenPermission('DELETE', 'frontend')).toBe('DELETE_FRONTEND_API_TOKEN');
    expect(apiTokenPermission('READ', 'admin')).toBe('ADMIN');
    expect(apiTokenPermissions('UPDATE')).toEqual(['UPDATE_CLIENT_API_TOKEN', 'UPDATE_FRONTEND_API_TOKEN']);
  });

  it('can be held by custom roles', () => {
    for (const action of ['CREATE', 'READ', 'UPDATE', 'DELETE'] as const)
      for (const name of apiTokenPermissions(action)) expect(GRANTABLE_PERMISSIONS).toContain(name);
    expect(GRANTABLE_PERMISSIONS).not.toContain('ADMIN');
    expect(GRANTABLE_PERMISSIONS).toContain('MOVE_FEATURE_TOGGLE');
  });
});
