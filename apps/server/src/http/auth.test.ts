import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkRoutePermission, type PrincipalResolver, registerAuth } from './auth.ts';

const nobody: PrincipalResolver = {
  fromSession: async () => undefined,
  fromSecret: async () => undefined,
  cachedToken: () => undefined,
  forget: () => {},
  scimToken: async () => 'invalid',
};

describe('every admin route declares its permission', () => {
  it('refuses to register an admin route without one', () => {
    const app = Fastify();
    registerAuth(app, nobody, {
      accessOf: async () => ({ root: new Set(), projects: new Map() }),
      projectOfFlag: async () => undefined,
      privateProjects: async () => [],
      changeRequestEnvironments: async () => new Set(),
      projectOfSegment: async () => undefined,
    });
    expect(() => app.get('/api/admin/things', async () => 'ok')).toThrow(
      /must declare config.auth.permission/,
    );
  });

  it('refuses a name outside the catalogue and a scope naming a missing path parameter', () => {
    expect(() => checkRoutePermission('/api/admin/things', { permission: 'EDIT' as never })).toThrow(
      /unknown permission EDIT/,
    );
    expect(() =>
      checkRoutePermission('/api/admin/projects/:projectId/things', {
        permission: 'UPDATE_PROJECT',
        project: 'params.project',
      }),
    ).toThrow(/not one of its path parameters/);
  });

  it('accepts a declared admin route and leaves the other areas to their tokens', () => {
    expect(() =>
      checkRoutePermission(
        '/api/admin/projects/:projectId/features/:featureName/environments/:environment/on',
        {
          permission: 'UPDATE_FEATURE_ENVIRONMENT',
          project: 'params.projectId',
          environment: 'params.environment',
        },
      ),
    ).not.toThrow();
    expect(() => checkRoutePermission('/api/client/features', undefined)).not.toThrow();
    expect(() => checkRoutePermission('/health', { area: 'public' })).not.toThrow();
  });
});
