import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allows } from '@switchyard/access';
import { Type } from 'typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import type { ScopeResolver } from '../../../http/auth.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { hiddenProjects } from '../../flag-model/projects/hidden-projects.ts';
import { assertMayGrant } from '../project-access/project-access-grant.ts';
import { createAccessRequestStore, type AccessRequest } from './access-request-store.ts';
import { createAccessRequestService, type AccessRequestService } from './access-request-service.ts';

const AccessRequestResponse = Type.Object(
  {
    id: Type.Integer(),
    userId: Type.Integer({ description: 'The person who asked.' }),
    name: Type.Union([Type.String(), Type.Null()]),
    username: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
    project: Type.String({
      description: 'The project they asked for access to (Switchyard: requests are per project).',
    }),
    requestedAt: Type.String({ format: 'date-time' }),
  },
  {
    examples: [
      {
        id: 1,
        userId: 7,
        name: 'Maria Member',
        username: 'maria',
        email: 'maria@example.com',
        project: 'checkout',
        requestedAt: '2026-12-02T10:00:00.000Z',
      },
    ],
  },
);
const ListResponse = Type.Object({ userAccessRequests: Type.Array(AccessRequestResponse) });
const RegisterBody = Type.Object(
  { project: Type.String({ minLength: 1, description: 'The project to ask access to.' }) },
  { additionalProperties: false, examples: [{ project: 'checkout' }] },
);
const ApproveBody = Type.Object(
  {
    role: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'The project role to give (a project role id); Member unless said.',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ role: 5 }] },
);
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const ListQuery = Type.Object(
  {
    project: Type.Optional(
      Type.String({ minLength: 1, description: "Only this project's requests.", examples: ['checkout'] }),
    ),
  },
  { additionalProperties: false },
);

const toResponse = (request: AccessRequest) => ({
  ...request,
  requestedAt: request.requestedAt.toISOString(),
});

/**
 * /api/admin/user-access-requests: people ask for access to a project, and an admin or someone who manages the
 * project's access (its Owner) approves or rejects.
 */
export function accessRequestRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const service = createAccessRequestService(deps.db);
    const tx = <T>(fn: (s: AccessRequestService) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createAccessRequestService(t)));
    /**
     * The project the request in the path asks for, so the auth hook checks the permission there. Runs before
     * validation: an id that is not one, or no request's, names no project, and the route answers 400 or 404 for it
     * to anyone holding the permission in some project.
     */
    const projectOfRequest: ScopeResolver = async (request) => {
      const id = (request.params as { id?: unknown }).id;
      if (typeof id !== 'string' || !/^[1-9][0-9]{0,8}$/.test(id)) return [];
      const found = await createAccessRequestStore(deps.db).find(Number(id));
      return found ? [found.project] : [];
    };

    app.get(
      '/api/admin/user-access-requests',
      {
        config: { auth: { permission: 'PROJECT_USER_ACCESS_READ', project: 'query.project' } },
        schema: {
          ...describe(
            'Users',
            'getUserAccessRequests',
            'List access requests',
            "The open requests for access to a project, newest first, with the person who asked. With `project`, that project's requests, for those who may read who has access to it (PROJECT_USER_ACCESS_READ there: an Admin, the project's Owner). Without, an Admin gets every project's and anyone else the requests of the projects whose access they may read; someone who may read no project's access gets 403.",
          ),
          querystring: ListQuery,
          response: { 200: ListResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const readable = (project: string) =>
          request.access !== undefined &&
          allows(request.access, 'PROJECT_USER_ACCESS_READ', { projects: [project] });
        const requests = (await service.list(request.query.project)).filter((r) => readable(r.project));
        return { userAccessRequests: requests.map(toResponse) };
      },
    );

    app.post(
      '/api/admin/user-access-requests',
      {
        // Every signed-in person may ask, Viewers included: asking changes nothing until it is approved.
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Users',
            'registerUserAccessRequest',
            'Ask for access to a project',
            "Records that the signed-in person asks for access to a project they hold no role in, for an Admin or the project's Owner to approve or reject. A token cannot ask; a private project the person cannot see is unknown to them (404). Recorded as a user-access-request-registered event.",
          ),
          body: RegisterBody,
          response: { 201: AccessRequestResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
        },
      },
      async (request, reply) => {
        const hidden = await hiddenProjects(deps.db, request.access);
        const created = await tx((s) => s.register(request.body.project, actorOf(request), hidden));
        return reply.status(201).send(toResponse(created));
      },
    );

    app.post(
      '/api/admin/user-access-requests/:id/approve',
      {
        config: { auth: { permission: 'PROJECT_USER_ACCESS_WRITE', project: projectOfRequest } },
        schema: {
          ...describe(
            'Users',
            'approveUserAccessRequest',
            'Approve an access request',
            "Gives the person the project role in the project they asked for (Member unless `role` says another project role), as project access grants it, and closes the request. Needs PROJECT_USER_ACCESS_WRITE in the request's project (an Admin, the project's Owner); outside Admins, a role can be given only by someone who holds each of its permissions in the project (403 naming the first one missing). Recorded as a user-access-request-approved event.",
          ),
          params: IdParams,
          body: Type.Optional(ApproveBody),
          response: { 204: noContent('Approved.'), ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        await inTransaction(deps.db, (t) =>
          createAccessRequestService(t).approve(
            request.params.id,
            request.body?.role,
            actorOf(request),
            (project, role) => assertMayGrant(t, request.access, project, [role]),
          ),
        );
        return reply.status(204).send();
      },
    );

    app.delete(
      '/api/admin/user-access-requests/:id',
      {
        config: { auth: { permission: 'PROJECT_USER_ACCESS_WRITE', project: projectOfRequest } },
        schema: {
          ...describe(
            'Users',
            'rejectUserAccessRequest',
            'Reject an access request',
            "Closes the request without giving access. Needs PROJECT_USER_ACCESS_WRITE in the request's project (an Admin, the project's Owner). Recorded as a user-access-request-rejected event.",
          ),
          params: IdParams,
          response: { 204: noContent('Rejected.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.reject(request.params.id, actorOf(request)));
        return reply.status(204).send();
      },
    );
  };
}
