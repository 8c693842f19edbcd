import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { inTransaction, type Db } from '../../../db/db.ts';
import { type ScopeResolver, unseenPrivateProjects } from '../../../http/auth.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import { hiddenProjects } from '../projects/hidden-projects.ts';
import type { ChangeRequestUsesPort } from '../flags/change-request-uses-port.ts';
import { toStrategyUseResponse } from '../strategies/strategy-use.ts';
import type { Segment } from './segment.ts';
import {
  SegmentIdParams,
  SegmentListResponse,
  SegmentNameBody,
  SegmentResponse,
  SegmentStrategiesResponse,
  StrategyIdParams,
  UpsertSegmentBody,
} from './segment-schemas.ts';
import { createSegmentService } from './segment-service.ts';

export const toSegmentResponse = (segment: Segment) => ({
  id: segment.id,
  name: segment.name,
  description: segment.description,
  constraints: segment.constraints,
  usedInFeatures: segment.usedInFlags,
  usedInProjects: segment.usedInProjects,
  project: segment.project,
  createdBy: segment.createdBy,
  createdAt: segment.createdAt.toISOString(),
});

/**
 * The project of the segment in the path (null for a global one, undefined when there is none). A private project's
 * segment does not exist for a non-member: 404 whatever the request, a move to global included.
 */
async function ownProject(
  request: FastifyRequest,
  facts: Parameters<ScopeResolver>[1],
): Promise<string | null | undefined> {
  const id = Number((request.params as { id?: unknown } | undefined)?.id);
  const own = Number.isInteger(id) && id > 0 ? await facts.projectOfSegment(id) : undefined;
  if (own && (await unseenPrivateProjects(request.access, facts, [own])).length)
    throw new NotFoundError(`Could not find segment with id ${id}`);
  return own;
}

/** For a read of one segment: only whether it may be seen, as READ holds everywhere. */
const segmentSeen: ScopeResolver = async (request, facts) => {
  await ownProject(request, facts);
  return [];
};

/**
 * The projects a segment write touches: the segment's own project (update, delete) and the one the body gives it
 * (create, update). None when any of them is global, so that only the root permission allows the write.
 */
const segmentProjects: ScopeResolver = async (request, facts) => {
  const targets: (string | null | undefined)[] = [];
  if ('id' in ((request.params ?? {}) as object)) targets.push(await ownProject(request, facts));
  if (request.method !== 'DELETE') {
    const project = (request.body as { project?: unknown } | undefined)?.project;
    targets.push(typeof project === 'string' && project !== '' ? project : null);
  }
  return targets.every((target): target is string => typeof target === 'string') ? [...new Set(targets)] : [];
};

/** /api/admin/segments: reusable constraint sets. Editors manage them; every change is an event for SDKs. */
export function segmentRoutes(deps: {
  db: Db;
  changeRequests: ChangeRequestUsesPort;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(SegmentResponse);
    const service = createSegmentService(deps.db);
    const project = segmentProjects;
    const hidden = (request: FastifyRequest) => hiddenProjects(deps.db, request.access);

    app.get(
      '/api/admin/segments',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Segments',
            'getSegments',
            'List segments',
            'Lists every segment with its constraints and how many flags and projects use it. Segments of private projects the caller is no member of are left out, and so are their flags from the counts.',
          ),
          response: { 200: SegmentListResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({
        segments: (await service.list(await hidden(request))).map(toSegmentResponse),
      }),
    );

    app.get(
      '/api/admin/segments/:id',
      {
        config: { auth: { permission: 'READ', project: segmentSeen } },
        schema: {
          ...describe('Segments', 'getSegment', 'Get a segment', 'Returns the segment with this id.'),
          params: SegmentIdParams,
          response: {
            200: { ...SegmentResponse, $id: undefined, description: 'The segment.' },
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => toSegmentResponse(await service.get(request.params.id, await hidden(request))),
    );

    app.post(
      '/api/admin/segments',
      {
        config: { auth: { permission: 'CREATE_SEGMENT', orInProjects: 'UPDATE_PROJECT_SEGMENT', project } },
        schema: {
          ...describe(
            'Segments',
            'createSegment',
            'Create a segment',
            'Creates a segment. Constraints are checked like strategy constraints: the operator must be known and values must suit it (numbers, dates, semantic versions, regular expressions, CIDR ranges, legal values). A segment may hold at most 1000 values.',
          ),
          body: UpsertSegmentBody,
          response: {
            201: { ...SegmentResponse, $id: undefined, description: 'The created segment.' },
            ...errorResponses(400, 401, 403, 409, 415),
          },
        },
      },
      async (request, reply) => {
        const segment = await inTransaction(deps.db, (tx) =>
          createSegmentService(tx).create(request.body, actorOf(request)),
        );
        return reply
          .status(201)
          .header('location', `segments/${segment.id}`)
          .send(toSegmentResponse(segment));
      },
    );

    app.post(
      '/api/admin/segments/validate',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Segments',
            'validateSegment',
            'Check a segment name',
            'Answers 204 when no segment has this name yet, and 409 when one does.',
          ),
          body: SegmentNameBody,
          response: { 204: noContent('The name is free.'), ...errorResponses(400, 401, 403, 409, 415) },
        },
      },
      async (request, reply) => {
        await service.validateName(request.body.name);
        return reply.status(204).send();
      },
    );

    app.put(
      '/api/admin/segments/:id',
      {
        config: {
          auth: {
            permission: 'UPDATE_SEGMENT',
            orInProjects: 'UPDATE_PROJECT_SEGMENT',
            project,
            reviewedBy: 'segment',
          },
        },
        schema: {
          ...describe(
            'Segments',
            'updateSegment',
            'Update a segment',
            'Replaces the name, description, project and constraints of a segment. SDKs receive the new constraints on their next fetch. A segment used by flags of several projects cannot be limited to one of them.',
          ),
          params: SegmentIdParams,
          body: UpsertSegmentBody,
          response: {
            204: noContent('The segment was updated.'),
            ...errorResponses(400, 401, 403, 404, 409, 415),
          },
        },
      },
      async (request, reply) => {
        await inTransaction(deps.db, (tx) =>
          createSegmentService(tx).update(request.params.id, request.body, actorOf(request)),
        );
        return reply.status(204).send();
      },
    );

    app.delete(
      '/api/admin/segments/:id',
      {
        config: {
          auth: {
            permission: 'DELETE_SEGMENT',
            orInProjects: 'UPDATE_PROJECT_SEGMENT',
            project,
            reviewedBy: 'segment',
          },
        },
        schema: {
          ...describe(
            'Segments',
            'removeSegment',
            'Delete a segment',
            'Deletes a segment. A segment that flag strategies still use is refused with 409 and a message naming the flags.',
          ),
          params: SegmentIdParams,
          response: {
            204: noContent('The segment was deleted.'),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        await inTransaction(deps.db, (tx) =>
          createSegmentService(tx).remove(request.params.id, actorOf(request)),
        );
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/admin/segments/:id/strategies',
      {
        config: { auth: { permission: 'READ', project: segmentSeen } },
        schema: {
          ...describe(
            'Segments',
            'getStrategiesBySegmentId',
            'List the strategies that use a segment',
            'Lists every flag strategy, in any project and environment, that uses the segment, and (`changeRequestStrategies`) the strategies open change requests would give it (in review, approved or scheduled; an added strategy has no `id` yet), but those of private projects the caller is no member of.',
          ),
          params: SegmentIdParams,
          response: { 200: SegmentStrategiesResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const hiddenNow = await hidden(request);
        const proposed = await deps.changeRequests.strategiesUsingSegment(
          deps.db,
          request.params.id,
          hiddenNow,
        );
        return {
          strategies: (await service.strategiesUsing(request.params.id, hiddenNow)).map(
            toStrategyUseResponse,
          ),
          changeRequestStrategies: proposed.map((use) => ({
            ...(use.id === undefined ? {} : { id: use.id }),
            projectId: use.project,
            featureName: use.flagName,
            strategyName: use.strategyName,
            environment: use.environment,
          })),
        };
      },
    );

    app.get(
      '/api/admin/segments/strategies/:strategyId',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Segments',
            'getSegmentsByStrategyId',
            'List the segments of a strategy',
            'Lists the segments a flag strategy uses, by the strategy id. A strategy of a private project the caller is no member of is not found.',
          ),
          params: StrategyIdParams,
          response: { 200: SegmentListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        segments: (await service.segmentsOfStrategy(request.params.strategyId, await hidden(request))).map(
          toSegmentResponse,
        ),
      }),
    );
  };
}
