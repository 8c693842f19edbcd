import { isMember } from '@switchyard/access';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { actorUserId } from '../../../http/auth.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import { projectArchiveRoutes } from './project-archive-routes.ts';
import { projectEnvironmentRoutes } from './project-environment-routes.ts';
import { createProjectEnvironmentStore } from './project-environment-store.ts';
import { createProjectReadModel } from './project-read-model.ts';
import {
  CreateProjectBody,
  ProjectCreatedResponse,
  ProjectDetailsResponse,
  ProjectListQuery,
  ProjectListResponse,
  ProjectParams,
  ProjectResponse,
  UpdateProjectBody,
} from './project-schemas.ts';
import type { ProjectPorts } from './project-ports.ts';
import { createProjectService } from './project-service.ts';
import { createProjectStore } from './project-store.ts';
import { toFlagSummaryResponse, toLinkResponse, toProjectResponse } from './project-wire.ts';
import { healthOf } from './project.ts';

/**
 * /api/admin/projects: everyone lists and reads projects; admins create, change and delete them (an Unleash
 * enterprise feature that Switchyard includes). Also registers the project's environments; app.ts
 * registers its API tokens (identity), insights and the personal dashboard after it.
 */
export function projectRoutes(deps: { db: Db; ports: ProjectPorts }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(ProjectResponse);
    const store = createProjectStore(deps.db);
    const change = <T>(fn: (service: ReturnType<typeof createProjectService>) => Promise<T>) =>
      inTransaction(deps.db, (tx) => fn(createProjectService(tx, deps.ports)));

    app.get(
      '/api/admin/projects',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Projects',
            'getProjects',
            'List projects',
            'Lists every project the caller can see (private projects only for their members and Admins) with its flag counts, health and whether the signed-in user marked it as a favorite. Archived projects are left out; `?archived=true` lists them instead.',
          ),
          querystring: ProjectListQuery,
          response: { 200: ProjectListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({
        version: 1,
        projects: (await store.listSummaries(actorUserId(request.principal)))
          .filter((project) => (project.archivedAt !== null) === (request.query.archived === true))
          .filter((project) => project.mode !== 'private' || isMember(request.access!, project.id))
          .map(toProjectResponse),
      }),
    );

    app.get(
      '/api/admin/projects/:projectId',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Projects',
            'getProject',
            'Get a project',
            'Returns one project with its settings, health, environments (with their default strategies) and a summary of each flag that is not archived.',
          ),
          params: ProjectParams,
          response: { 200: ProjectDetailsResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId } = request.params;
        const project = await store.summary(projectId, actorUserId(request.principal));
        if (!project) throw new NotFoundError(`Could not find project with id ${projectId}`);
        const [links, flags] = await Promise.all([
          createProjectEnvironmentStore(deps.db).list(projectId),
          createProjectReadModel(deps.db).flags(projectId),
        ]);
        const health = healthOf(project.flags);
        return {
          version: 1,
          id: project.id,
          name: project.name,
          description: project.description,
          mode: project.mode,
          defaultStickiness: project.defaultStickiness,
          featureLimit: project.featureLimit,
          featureNaming: project.featureNaming ?? undefined,
          linkTemplates: project.linkTemplates,
          archivedAt: project.archivedAt?.toISOString() ?? null,
          members: project.memberCount,
          health,
          technicalDebt: 100 - health,
          favorite: project.favorite,
          createdAt: project.createdAt.toISOString(),
          updatedAt: project.updatedAt.toISOString(),
          environments: links.map(toLinkResponse),
          features: flags.map(toFlagSummaryResponse),
        };
      },
    );

    app.post(
      '/api/admin/projects',
      {
        config: { auth: { permission: 'CREATE_PROJECT' } },
        schema: {
          ...describe(
            'Projects',
            'createProject',
            'Create a project',
            'Creates a project with the given environments (by default every enabled one). The id must be URL-friendly; when left out it is made from the name. In Unleash this is an enterprise feature.',
          ),
          body: CreateProjectBody,
          response: { 201: ProjectCreatedResponse, ...errorResponses(400, 401, 403, 409, 415) },
        },
      },
      async (request, reply) => {
        const { project, environments } = await change((service) =>
          service.create(request.body, actorOf(request)),
        );
        return reply.status(201).send({
          id: project.id,
          name: project.name,
          description: project.description,
          featureLimit: project.featureLimit,
          mode: project.mode,
          defaultStickiness: project.defaultStickiness,
          environments,
        });
      },
    );

    app.put(
      '/api/admin/projects/:projectId',
      {
        config: { auth: { permission: 'PROJECT_SETTINGS_WRITE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Projects',
            'updateProject',
            'Change a project',
            'Changes the name and, when given, the description, mode and default stickiness of a project.',
          ),
          params: ProjectParams,
          body: UpdateProjectBody,
          response: {
            200: noContent('The project was changed.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request, reply) => {
        await change((service) => service.update(request.params.projectId, request.body, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.delete(
      '/api/admin/projects/:projectId',
      {
        config: { auth: { permission: 'DELETE_PROJECT', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Projects',
            'deleteProject',
            'Delete a project',
            'Deletes a project once all its flags are archived; its archived flags and the API tokens scoped to it alone are deleted with it. The default project cannot be deleted.',
          ),
          params: ProjectParams,
          response: { 200: noContent('The project was deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await change((service) => service.delete(request.params.projectId, actorOf(request)));
        return reply.status(200).send();
      },
    );

    await app.register(projectArchiveRoutes(deps));
    await app.register(projectEnvironmentRoutes({ db: deps.db, changeRequests: deps.ports.changeRequests }));
  };
}
