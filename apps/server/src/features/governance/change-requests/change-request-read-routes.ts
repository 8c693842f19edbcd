import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { hiddenProjects } from '../../flag-model/projects/hidden-projects.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { requireProject } from '../../flag-model/flags/flag-lookup.ts';
import { callerFrom } from './caller.ts';
import { type ChangeRequest, defaultTitle, OPEN_STATES, type State, STATES } from './change-request.ts';
import { createChangeRequestReadModel } from './change-request-read-model.ts';
import {
  ActionableResponse,
  ChangeRequestListResponse,
  ChangeRequestParams,
  ChangeRequestResponse,
  CountResponse,
  FlagParams,
  ProjectParams,
  ScheduledQuery,
  ScheduledResponse,
  SearchQuery,
  SearchResponse,
  ProjectApproversResponse,
} from './change-request-schemas.ts';
import { createChangeRequestService } from './change-request-service.ts';
import { createChangeRequestSettingsStore } from './change-request-settings-store.ts';
import { toChangeRequestResponse, toReviewer } from './change-request-wire.ts';

const BASE = '/api/admin/projects/:projectId/change-requests';
const READ = { auth: { permission: 'READ' as const } };
const callerOf = (request: FastifyRequest) => callerFrom(actorOf(request), request.access);
const list = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());
const userIdOf = (filter: string | undefined) => (filter ? Number(filter.slice('IS:'.length)) : undefined);
/** The states a search's `state=IS:...` asks for: open ones, closed ones, or one. */
function statesOf(filter: string | undefined): readonly State[] | undefined {
  if (filter === undefined) return undefined;
  const value = filter.slice('IS:'.length);
  if (value === 'open') return OPEN_STATES;
  if (value === 'closed') return STATES.filter((state) => !OPEN_STATES.includes(state));
  return [value as State];
}

/** Reading change requests: one, a project's, counts, pending, scheduled, actionable and search. */
export function changeRequestReadRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const { db } = deps;
    const readModel = createChangeRequestReadModel(db);
    const service = createChangeRequestService(db);
    const toList = async (requests: ChangeRequest[]) =>
      Promise.all(
        requests.map(async (request) => {
          const { stateTimestamps: _timestamps, ...rest } = await toChangeRequestResponse(db, request);
          return rest;
        }),
      );
    const listOperation = (operationId: string, summary: string, description: string) => ({
      config: READ,
      schema: {
        ...describe('Change Requests', operationId, summary, description),
        params: ProjectParams,
        response: { 200: ChangeRequestListResponse, ...errorResponses(401, 403, 404) },
      },
    });

    app.get(
      BASE,
      listOperation(
        'getChangeRequestsForProject',
        'List change requests',
        'The newest 300 change requests of the project in every state; drafts only when they are yours.',
      ),
      async (request) => {
        await requireProject(db, request.params.projectId);
        return toList(await readModel.list(request.params.projectId, callerOf(request)));
      },
    );

    app.get(
      `${BASE}/:id`,
      {
        config: READ,
        schema: {
          ...describe(
            'Change Requests',
            'getChangeRequest',
            'Get a change request',
            'One request with its changes, each with the snapshot of what it changes and any conflict, its reviews, comments and schedule. An open request also shows its result: per flag, the state before and after applying all its changes in order against the current state (`features[].result`, Switchyard), the default strategy turning a flag on adds (`defaultChange`), why it cannot apply (`resultProblem`) and why its approvals no longer approve that result (`approvalOutdated`). Others’ drafts are 404.',
          ),
          params: ChangeRequestParams,
          response: {
            200: { ...ChangeRequestResponse, $id: undefined },
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) =>
        toChangeRequestResponse(
          db,
          await service.visible(request.params.projectId, request.params.id, callerOf(request)),
          { result: true },
        ),
    );

    app.get(
      `${BASE}/count`,
      {
        config: READ,
        schema: {
          ...describe(
            'Change Requests',
            'getChangeRequestsCount',
            'Count change requests',
            'Requests of the project by state, drafts left out.',
          ),
          params: ProjectParams,
          response: { 200: CountResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => readModel.count(request.params.projectId),
    );

    for (const [path, operationId, deprecated] of [
      ['pending', 'getPendingChangeRequestsForUser', false],
      ['open', 'getOpenChangeRequestsForUser', true],
    ] as const) {
      const operation = listOperation(
        operationId,
        'Your open change requests',
        `Your own change requests in the project that are not closed: drafts, in review, approved and scheduled.${deprecated ? ' Deprecated: use /pending.' : ''}`,
      );
      app.get(
        `${BASE}/${path}`,
        { ...operation, schema: { ...operation.schema, ...(deprecated ? { deprecated: true } : {}) } },
        async (request) => toList(await readModel.pending(request.params.projectId, callerOf(request))),
      );
    }

    app.get(
      `${BASE}/pending/:featureName`,
      {
        config: READ,
        schema: {
          ...describe(
            'Change Requests',
            'getPendingChangeRequestsForFeature',
            'Open change requests of a flag',
            'Requests that are not closed and change this flag; others’ drafts left out.',
          ),
          params: FlagParams,
          response: { 200: ChangeRequestListResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) =>
        toList(
          await readModel.pendingForFlag(
            request.params.projectId,
            request.params.featureName,
            callerOf(request),
          ),
        ),
    );

    app.get(
      `${BASE}/scheduled`,
      {
        config: READ,
        schema: {
          ...describe(
            'Change Requests',
            'getScheduledChangeRequests',
            'Scheduled change requests touching something',
            'Scheduled requests that change any of the flags (`feature`), strategies (`strategyId`) or flags’ variants (`variantForFlag`) named; each may be repeated. Nothing named, nothing found.',
          ),
          params: ProjectParams,
          querystring: ScheduledQuery,
          response: { 200: ScheduledResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const rows = await readModel.scheduled(request.params.projectId, {
          features: list(request.query.feature),
          strategyIds: list(request.query.strategyId),
          variantsOf: list(request.query.variantForFlag),
        });
        return rows.map((row) => ({
          id: row.id,
          environment: row.environment,
          title: row.title ?? defaultTitle(row.id),
        }));
      },
    );

    app.get(
      `${BASE}/actionable`,
      {
        config: READ,
        schema: {
          ...describe(
            'Change Requests',
            'getActionableChangeRequests',
            'How many requests wait for you',
            'The number of requests you can move on now: others’ requests in review you may approve, and approved ones you may apply.',
          ),
          params: ProjectParams,
          response: { 200: ActionableResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({ total: await readModel.actionable(request.params.projectId, callerOf(request)) }),
    );

    app.get(
      `${BASE}/approvers`,
      {
        config: READ,
        schema: {
          ...describe(
            'Change Requests',
            'getProjectChangeRequestApprovers',
            'Who may approve, per environment',
            'Switchyard: for every environment of the project, whether change requests are on there and the active users who may approve them (an Admin, the project’s Owners, holders of a role with APPROVE_CHANGE_REQUEST there); and who may change the project’s access, so give someone such a role. A request’s author never approves it, so an environment where only one person may approve needs a second.',
          ),
          params: ProjectParams,
          response: { 200: ProjectApproversResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId } = request.params;
        await requireProject(db, projectId);
        const settings = await createChangeRequestSettingsStore(db).list(projectId);
        const { environments, grantors } = await readModel.approversOf(
          projectId,
          settings.map((s) => s.environment),
        );
        return {
          environments: environments.map(({ environment, approvers }, index) => ({
            environment,
            changeRequestsEnabled: settings[index]!.enabled,
            approvers: approvers.map(toReviewer),
          })),
          grantors: grantors.map(toReviewer),
        };
      },
    );

    app.get(
      '/api/admin/search/change-requests',
      {
        config: READ,
        schema: {
          ...describe(
            'Change Requests',
            'searchChangeRequests',
            'Search change requests',
            'Change requests across the projects you can see (private projects you are not a member of left out; others’ drafts too), newest first: created by a user (`createdBy=IS:<id>`), with a user asked to review (`requestedApproverId=IS:<id>`), open or closed (`state=IS:open`, `IS:closed`) or in one state (`state=IS:Approved`). `total` counts every match; `offset` and `limit` page through them.',
          ),
          querystring: SearchQuery,
          response: { 200: SearchResponse, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const { createdBy, requestedApproverId, state, offset = 0, limit = 50 } = request.query;
        const { requests, total } = await readModel.search(
          {
            createdBy: userIdOf(createdBy),
            requestedApprover: userIdOf(requestedApproverId),
            states: statesOf(state),
            offset,
            limit,
            hiddenProjects: await hiddenProjects(db, request.access),
          },
          callerOf(request),
        );
        const changeRequests = await Promise.all(
          requests.map(async (cr) => {
            const full = await toChangeRequestResponse(db, cr);
            return {
              id: full.id,
              title: full.title,
              environment: full.environment,
              project: full.project,
              createdBy: full.createdBy,
              createdAt: full.createdAt,
              features: full.features.map((f) => f.name),
              segments: full.segments.map((s) => s.name),
              state: full.state,
              ...(full.schedule ? { schedule: full.schedule } : {}),
            };
          }),
        );
        return { changeRequests, total };
      },
    );
  };
}
