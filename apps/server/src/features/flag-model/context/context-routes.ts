import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import type { RouteAuth } from '../../../http/auth.ts';
import { BadDataError } from '../../../http/errors.ts';
import type { PermissionName } from '@switchyard/access';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import type { ContextField } from './context-field.ts';
import {
  ContextFieldListResponse,
  ContextFieldResponse,
  ContextListQuery,
  ContextNameBody,
  CreateContextFieldBody,
  LegalValueBody,
  UpdateContextFieldBody,
} from './context-field-schemas.ts';
import { createContextFieldService } from './context-field-service.ts';

export const toContextFieldResponse = (field: ContextField) => ({
  name: field.name,
  description: field.description,
  stickiness: field.stickiness,
  sortOrder: field.sortOrder,
  createdAt: field.createdAt.toISOString(),
  usedInFeatures: field.usedInFlags,
  usedInProjects: field.usedInProjects,
  legalValues: field.legalValues,
  project: field.project,
});

const ProjectId = Type.String({ description: 'The project id.' });
const FieldName = Type.String({ description: 'The context field name.' });

/** Where a set of context operations lives: the global fields, or the fields of one project. */
type Scope = {
  base: string;
  /** Appended to operation ids, e.g. getContextFieldForProject. */
  suffix: '' | 'ForProject';
  noun: string;
};

const GLOBAL: Scope = { base: '/api/admin/context', suffix: '', noun: 'a context field' };
const PROJECT: Scope = {
  base: '/api/admin/projects/:projectId/context',
  suffix: 'ForProject',
  noun: "a project's context field",
};

const projectOf = (params: object): string | undefined =>
  'projectId' in params ? String(params.projectId) : undefined;

function contextOperations(app: FastifyInstance, db: Db, scope: Scope): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const service = createContextFieldService(db);
  const inProject = scope.suffix === 'ForProject';
  // Fastify warns about an undefined params schema, so global routes leave the key out.
  const listParams = inProject ? { params: Type.Object({ projectId: ProjectId }) } : {};
  const fieldParams = inProject
    ? Type.Object({ projectId: ProjectId, contextField: FieldName })
    : Type.Object({ contextField: FieldName });
  const valueParams = inProject
    ? Type.Object({ projectId: ProjectId, contextField: FieldName, legalValue: Type.String() })
    : Type.Object({ contextField: FieldName, legalValue: Type.String() });
  const id = (name: string) => `${name}${scope.suffix}`;
  const where = inProject ? ' The project must exist and the field must belong to it.' : '';
  const notFound = inProject ? ([404] as const) : ([] as const);
  // A project's own fields are part of its settings; the global ones are the instance's definitions.
  const writes = (global: PermissionName): RouteAuth =>
    inProject
      ? { permission: 'UPDATE_PROJECT_CONTEXT', project: 'params.projectId' }
      : { permission: global };
  const tx = <T>(fn: (s: ReturnType<typeof createContextFieldService>) => Promise<T>) =>
    inTransaction(db, (t) => fn(createContextFieldService(t)));

  typed.get(
    scope.base,
    {
      config: { auth: { permission: 'READ' } },
      schema: {
        ...describe(
          'Context',
          id('getContextFields'),
          inProject ? "List a project's context fields" : 'List context fields',
          inProject
            ? 'Lists the context fields that belong to the project; with `include=root`, the global fields too.'
            : 'Lists the global context fields with their legal values and usage; with `include=project`, the project-specific fields too.',
        ),
        ...listParams,
        querystring: ContextListQuery,
        response: { 200: ContextFieldListResponse, ...errorResponses(401, 403, ...notFound) },
      },
    },
    async (request) => {
      const include = request.query.include?.toLowerCase();
      const project = projectOf(request.params as object);
      const fields = await service.list(
        project === undefined
          ? { global: true, allProjects: include === 'project' }
          : { global: include === 'root', project },
      );
      return fields.map(toContextFieldResponse);
    },
  );

  typed.get(
    `${scope.base}/:contextField`,
    {
      config: { auth: { permission: 'READ' } },
      schema: {
        ...describe(
          'Context',
          id('getContextField'),
          `Get ${scope.noun}`,
          `Returns one context field.${where}`,
        ),
        params: fieldParams,
        response: {
          200: { ...ContextFieldResponse, $id: undefined, description: 'The context field.' },
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) =>
      toContextFieldResponse(await service.get(request.params.contextField, projectOf(request.params))),
  );

  typed.post(
    scope.base,
    {
      config: { auth: writes('CREATE_CONTEXT_FIELD') },
      schema: {
        ...describe(
          'Context',
          id('createContextField'),
          `Create ${scope.noun}`,
          `Creates a custom context field. Names are unique across global and project fields; legal values must be unique.${where}`,
        ),
        ...listParams,
        body: CreateContextFieldBody,
        response: {
          201: { ...ContextFieldResponse, $id: undefined, description: 'The created context field.' },
          ...errorResponses(400, 401, 403, ...notFound, 409, 415),
        },
      },
    },
    async (request, reply) => {
      const field = await tx((s) =>
        s.create(request.body, actorOf(request), projectOf(request.params as object)),
      );
      return reply
        .status(201)
        .header('location', `context/${field.name}`)
        .send(toContextFieldResponse(field));
    },
  );

  typed.post(
    `${scope.base}/validate`,
    {
      config: { auth: { permission: 'READ' } },
      schema: {
        ...describe(
          'Context',
          id('validateContextFieldName'),
          'Check a context field name',
          'Answers 200 when the name is well formed and free, 409 when a context field already has it, and 400 when it is malformed.',
        ),
        ...listParams,
        body: ContextNameBody,
        response: {
          200: noContent('The name can be used.'),
          ...errorResponses(400, 401, 403, ...notFound, 409, 415),
        },
      },
    },
    async (request, reply) => {
      await service.validateName(request.body.name, projectOf(request.params as object));
      return reply.status(200).send();
    },
  );

  typed.put(
    `${scope.base}/:contextField`,
    {
      config: { auth: writes('UPDATE_CONTEXT_FIELD') },
      schema: {
        ...describe(
          'Context',
          id('updateContextField'),
          `Update ${scope.noun}`,
          `Changes the description, stickiness, sort order or legal values of a context field; properties left out keep their values.${where}`,
        ),
        params: fieldParams,
        body: UpdateContextFieldBody,
        response: { 200: noContent('The field was updated.'), ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { name, ...changes } = request.body;
      const field = request.params.contextField;
      if (name !== undefined && name !== field) {
        throw new BadDataError('A context field cannot be renamed', [
          { message: `"name" must be "${field}" or left out`, path: '/body/name' },
        ]);
      }
      await tx((s) => s.update(field, changes, actorOf(request), projectOf(request.params)));
      return reply.status(200).send();
    },
  );

  typed.delete(
    `${scope.base}/:contextField`,
    {
      config: { auth: writes('DELETE_CONTEXT_FIELD') },
      schema: {
        ...describe(
          'Context',
          id('deleteContextField'),
          `Delete ${scope.noun}`,
          `Deletes a custom context field. Built-in fields cannot be deleted (403), nor fields that strategy or segment constraints still use (409, naming them).${where}`,
        ),
        params: fieldParams,
        response: { 200: noContent('The field was deleted.'), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await tx((s) => s.remove(request.params.contextField, actorOf(request), projectOf(request.params)));
      return reply.status(200).send();
    },
  );

  typed.post(
    `${scope.base}/:contextField/legal-values`,
    {
      config: { auth: writes('UPDATE_CONTEXT_FIELD') },
      schema: {
        ...describe(
          'Context',
          id('updateContextFieldLegalValue'),
          'Add or update a legal value',
          `Adds a legal value to the field, or replaces the description of the value if it is there already.${where}`,
        ),
        params: fieldParams,
        body: LegalValueBody,
        response: {
          200: noContent('The legal value was saved.'),
          ...errorResponses(400, 401, 403, 404, 415),
        },
      },
    },
    async (request, reply) => {
      await tx((s) =>
        s.putLegalValue(
          request.params.contextField,
          request.body,
          actorOf(request),
          projectOf(request.params),
        ),
      );
      return reply.status(200).send();
    },
  );

  typed.delete(
    `${scope.base}/:contextField/legal-values/:legalValue`,
    {
      config: { auth: writes('UPDATE_CONTEXT_FIELD') },
      schema: {
        ...describe(
          'Context',
          id('deleteContextFieldLegalValue'),
          'Delete a legal value',
          `Removes one legal value from the field. Constraints that use the value keep it.${where}`,
        ),
        params: valueParams,
        response: { 200: noContent('The legal value was removed.'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { contextField, legalValue } = request.params;
      await tx((s) =>
        s.deleteLegalValue(contextField, legalValue, actorOf(request), projectOf(request.params)),
      );
      return reply.status(200).send();
    },
  );
}

/** /api/admin/context and /api/admin/projects/{projectId}/context: context fields. Editors manage them. */
export function contextRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(ContextFieldResponse);
    contextOperations(app, deps.db, GLOBAL);
    contextOperations(app, deps.db, PROJECT);
  };
}
