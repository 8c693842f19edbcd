import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toGrantList } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { hiddenProjects } from '../../flag-model/projects/hidden-projects.ts';
import { createPatStore } from '../users/pat-store.ts';
import { signedInUserId } from '../users/signed-in.ts';
import { createUserStore } from '../users/user-store.ts';
import { toPatResponse } from '../users/user-wire.ts';
import { createProfileReadModel } from './profile-read-model.ts';
import { ProfileResponse } from './profile-schemas.ts';

/** GET /api/admin/user/profile: what the signed-in user holds, for the profile page. */
export function profileRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const users = createUserStore(deps.db);
    const pats = createPatStore(deps.db);
    const profiles = createProfileReadModel(deps.db);

    app.get(
      '/api/admin/user/profile',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Users',
            'getProfile',
            'Get my profile',
            "The signed-in user's root role, the roles they hold in each project (directly or through a group), their groups, their favorite flags, everything they may do, and their personal access tokens.",
          ),
          response: { 200: ProfileResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const user = await users.findById(signedInUserId(request.principal));
        if (!user) throw new NotFoundError('The signed-in user no longer exists');
        const profile = await profiles.of(
          user.id,
          user.rootRole,
          await hiddenProjects(deps.db, request.access),
        );
        const role = <T extends { description: string | null }>(r: T) => ({
          ...r,
          description: r.description ?? '',
        });
        return {
          rootRole: role(profile.rootRole),
          projects: [...new Set(profile.projectRoles.map((entry) => entry.project))],
          features: profile.favoriteFlags,
          subscriptions: [],
          projectRoles: profile.projectRoles.map((entry) => ({ ...entry, role: role(entry.role) })),
          groups: profile.groups,
          permissions: toGrantList(request.access!),
          pats: (await pats.listForUser(user.id)).map((pat) => toPatResponse(pat)),
        };
      },
    );
  };
}
