import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import type { Milestone, MilestoneInput, ReleaseTemplate, ReleaseTemplateInput } from './release-template.ts';
import {
  CreateReleaseTemplateBody,
  MilestoneResponse,
  MilestoneStrategyResponse,
  ReleaseTemplateListResponse,
  ReleaseTemplateResponse,
  TemplateIdParams,
  UpdateReleaseTemplateBody,
  type MilestoneBody,
} from './release-template-schemas.ts';
import { createReleaseTemplateService, type ReleaseTemplateService } from './release-template-service.ts';

const TAG = 'Release Templates';

export const toMilestoneResponse = ({ intervalMinutes, ...milestone }: Milestone) => ({
  ...milestone,
  transitionCondition: intervalMinutes === null ? null : { intervalMinutes },
});

export const toReleaseTemplateResponse = (template: ReleaseTemplate) => ({
  ...template,
  discriminator: 'template' as const,
  createdAt: template.createdAt.toISOString(),
  archivedAt: template.archivedAt?.toISOString() ?? null,
  milestones: template.milestones.map(toMilestoneResponse),
});

/** The wire's milestones as the domain's: the strategy type from `name`, or the deprecated `strategyName`. */
function toMilestoneInputs(milestones: MilestoneBody[] | undefined): MilestoneInput[] | undefined {
  return milestones?.map((milestone, m) => ({
    name: milestone.name,
    sortOrder: milestone.sortOrder,
    intervalMinutes: milestone.transitionCondition?.intervalMinutes ?? null,
    strategies: (milestone.strategies ?? []).map(({ name, strategyName, ...strategy }, s) => {
      const type = name ?? strategyName;
      if (!type)
        throw BadDataError.field(
          `/body/milestones/${m}/strategies/${s}/name`,
          'a milestone strategy needs its strategy type in name',
        );
      return { ...strategy, strategyName: type };
    }),
  }));
}

const toInput = (body: CreateReleaseTemplateBody): ReleaseTemplateInput => ({
  name: body.name.trim(),
  description: body.description ?? null,
  milestones: toMilestoneInputs(body.milestones),
});

const templateResponse = (description: string) => ({
  ...ReleaseTemplateResponse,
  $id: undefined,
  description,
});

/** /api/admin/release-plan-templates: reusable releases. Root permissions write them; every signed-in user reads them. */
export function releaseTemplateRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(MilestoneStrategyResponse);
    app.addSchema(MilestoneResponse);
    app.addSchema(ReleaseTemplateResponse);
    const service = createReleaseTemplateService(deps.db);
    const tx = <T>(fn: (s: ReleaseTemplateService) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createReleaseTemplateService(t)));

    app.get(
      '/api/admin/release-plan-templates',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            TAG,
            'getReleaseTemplates',
            'List release templates',
            'Lists the release templates that are not archived, oldest first, with their milestones and strategies.',
          ),
          response: { 200: ReleaseTemplateListResponse, ...errorResponses(401) },
        },
      },
      async () => (await service.list()).map(toReleaseTemplateResponse),
    );

    app.get(
      '/api/admin/release-plan-templates/:templateId',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            TAG,
            'getReleaseTemplate',
            'Get a release template',
            'A release template, archived or not, with its milestones and their strategies.',
          ),
          params: TemplateIdParams,
          response: { 200: templateResponse('The release template.'), ...errorResponses(401, 404) },
        },
      },
      async (request) => toReleaseTemplateResponse(await service.get(request.params.templateId)),
    );

    app.post(
      '/api/admin/release-plan-templates',
      {
        config: { auth: { permission: 'RELEASE_PLAN_TEMPLATE_CREATE' } },
        schema: {
          ...describe(
            TAG,
            'createReleaseTemplate',
            'Create a release template',
            'Creates a release template with its milestones, in the order of their sortOrder, and the strategies each milestone puts on a flag environment. Milestone names are unique within the template; template names among templates.',
          ),
          body: CreateReleaseTemplateBody,
          response: {
            200: templateResponse('The created release template.'),
            ...errorResponses(400, 401, 403, 409, 415),
          },
        },
      },
      async (request) =>
        toReleaseTemplateResponse(await tx((s) => s.create(toInput(request.body), actorOf(request)))),
    );

    app.put(
      '/api/admin/release-plan-templates/:templateId',
      {
        config: { auth: { permission: 'RELEASE_PLAN_TEMPLATE_UPDATE' } },
        schema: {
          ...describe(
            TAG,
            'updateReleaseTemplate',
            'Update a release template',
            'Renames and describes a release template. The milestones sent replace all of its milestones (with new ids); left out, they are kept.',
          ),
          params: TemplateIdParams,
          body: UpdateReleaseTemplateBody,
          response: {
            200: templateResponse('The release template after the change.'),
            ...errorResponses(400, 401, 403, 404, 409, 415),
          },
        },
      },
      async (request) => {
        const { templateId } = request.params;
        if (request.body.id !== undefined && request.body.id !== templateId)
          throw BadDataError.field('/body/id', 'the id in the body must be the id in the path');
        return toReleaseTemplateResponse(
          await tx((s) => s.update(templateId, toInput(request.body), actorOf(request))),
        );
      },
    );

    app.post(
      '/api/admin/release-plan-templates/archive/:templateId',
      {
        config: { auth: { permission: 'RELEASE_PLAN_TEMPLATE_UPDATE' } },
        schema: {
          ...describe(
            TAG,
            'archiveReleaseTemplate',
            'Archive a release template',
            'Hides a release template from the list and sets its archivedAt; it can still be read by id. Archiving an archived template changes nothing.',
          ),
          params: TemplateIdParams,
          response: {
            200: templateResponse('The archived release template.'),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) =>
        toReleaseTemplateResponse(await tx((s) => s.archive(request.params.templateId, actorOf(request)))),
    );

    app.delete(
      '/api/admin/release-plan-templates/:templateId',
      {
        config: { auth: { permission: 'RELEASE_PLAN_TEMPLATE_DELETE' } },
        schema: {
          ...describe(
            TAG,
            'deleteReleaseTemplate',
            'Delete a release template',
            'Deletes a release template, its milestones and their strategies for good.',
          ),
          params: TemplateIdParams,
          response: { 200: noContent('The release template was deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.delete(request.params.templateId, actorOf(request)));
        return reply.status(200).send();
      },
    );
  };
}
