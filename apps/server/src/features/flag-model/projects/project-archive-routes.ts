import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MAX_LINK_TEMPLATES, MAX_NAMING_PATTERN_LENGTH } from '@switchyard/rules';
import { Type } from 'typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import { createProjectArchiveService } from './project-archive-service.ts';
import { Mode, ProjectParams } from './project-schemas.ts';
import type { ProjectPorts } from './project-ports.ts';
import { createProjectService } from './project-service.ts';
import { createProjectStore } from './project-store.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

const ProjectSettingsBody = Type.Object(
  {
    mode: Type.Optional(Mode),
    featureNaming: Type.Optional(
      Type.Object(
        {
          pattern: Nullable(
            Type.String({
              maxLength: MAX_NAMING_PATTERN_LENGTH,
              description:
                'A regular expression (without delimiters) that the whole name of each new flag must match; null or empty removes the rule.',
            }),
          ),
          example: Type.Optional(
            Nullable(Type.String({ maxLength: 100, description: 'A name that matches the pattern.' })),
          ),
          description: Type.Optional(
            Nullable(Type.String({ maxLength: 500, description: 'What the pattern asks for, in words.' })),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    linkTemplates: Type.Optional(
      Type.Array(
        Type.Object(
          {
            title: Type.Optional(Nullable(Type.String({ maxLength: 100, description: 'The link’s title.' }))),
            urlTemplate: Type.String({
              minLength: 1,
              maxLength: 2000,
              description:
                'An http(s) URL in which `{{project}}` and `{{feature}}` become the new flag’s project and name.',
            }),
          },
          { additionalProperties: false },
        ),
        {
          maxItems: MAX_LINK_TEMPLATES,
          description: 'Links every flag created in the project gets; an empty list removes them.',
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        featureNaming: {
          pattern: '[a-z]+-[0-9]+',
          example: 'web-12',
          description: 'team, a dash, the ticket',
        },
      },
    ],
  },
);

/** Archiving and reviving projects, and their enterprise settings (mode and the flag naming rule). */
export function projectArchiveRoutes(deps: { db: Db; ports: ProjectPorts }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const archiving = <T>(fn: (service: ReturnType<typeof createProjectArchiveService>) => Promise<T>) =>
      inTransaction(deps.db, (tx) => fn(createProjectArchiveService(tx)));

    app.post(
      '/api/admin/projects/archive/:projectId',
      {
        config: { auth: { permission: 'DELETE_PROJECT', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Projects',
            'archiveProject',
            'Archive a project',
            'Archives a project once all its flags are archived: it keeps them, its settings and access, leaves the project list (list archived ones with `?archived=true`) and takes no new flags until revived. The default project cannot be archived. Records a `project-archived` event.',
          ),
          params: ProjectParams,
          response: { 200: noContent('The project is archived.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await archiving((service) => service.archive(request.params.projectId, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/projects/revive/:projectId',
      {
        config: { auth: { permission: 'DELETE_PROJECT', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Projects',
            'reviveProject',
            'Revive a project',
            'Brings an archived project back: it is listed again and takes new flags. Records a `project-revived` event.',
          ),
          params: ProjectParams,
          response: { 200: noContent('The project is active again.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await archiving((service) => service.revive(request.params.projectId, actorOf(request)));
        return reply.status(200).send();
      },
    );

    app.put(
      '/api/admin/projects/:projectId/settings',
      {
        config: { auth: { permission: 'PROJECT_SETTINGS_WRITE', project: 'params.projectId' } },
        schema: {
          ...describe(
            'Projects',
            'updateProjectEnterpriseSettings',
            "Change a project's settings",
            'Sets the collaboration mode, the flag naming rule (new flags, created or cloned, must have names that match the whole `pattern`, and `example` must match it) and the link templates (every flag created in the project gets one link per template). Fields left out stay as they are. Records `project-updated`.',
          ),
          params: ProjectParams,
          body: ProjectSettingsBody,
          response: {
            200: noContent('The settings were changed.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request, reply) => {
        const { projectId } = request.params;
        const { mode, featureNaming, linkTemplates } = request.body;
        const actor = actorOf(request);
        await inTransaction(deps.db, async (tx) => {
          if (mode !== undefined) {
            const project = await createProjectStore(tx).find(projectId);
            await createProjectService(tx, deps.ports).update(
              projectId,
              { name: project?.name ?? projectId, mode },
              actor,
            );
          }
          if (featureNaming !== undefined) {
            const pattern = featureNaming.pattern ?? '';
            await createProjectArchiveService(tx).setNaming(
              projectId,
              pattern === ''
                ? null
                : {
                    pattern,
                    example: featureNaming.example || null,
                    description: featureNaming.description || null,
                  },
              actor,
            );
          }
          if (linkTemplates !== undefined) {
            await createProjectArchiveService(tx).setLinkTemplates(
              projectId,
              linkTemplates.map((template) => ({
                title: template.title || null,
                urlTemplate: template.urlTemplate,
              })),
              actor,
            );
          }
        });
        return reply.status(200).send();
      },
    );
  };
}
