import { hiddenProjects } from '../projects/hidden-projects.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import type { SwitchyardEvent } from './event.ts';
import { parseDateFilter, parseFilter } from './event-filter.ts';
import {
  EventCreatorsResponse,
  EventListResponse,
  EventResponse,
  EventSearchQuery,
  EventSearchResponse,
  EventsQuery,
  FlagEventListResponse,
  FlagNameParams,
} from './event-schemas.ts';
import { createEventStore } from './event-store.ts';

/** How many events the two older list endpoints return: the newest ones. */
const LEGACY_PAGE = 100;

export function toEventResponse(event: SwitchyardEvent) {
  return {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    createdBy: event.createdBy,
    createdByUserId: event.createdByUserId,
    environment: event.environment,
    project: event.project,
    featureName: event.flagName,
    data: event.data,
    preData: event.preData,
    tags: event.tags,
    ip: event.ip,
  };
}

/** The event log: read-only views of every change, newest first. */
export function eventRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(EventResponse);
    const events = createEventStore(deps.db);

    app.get(
      '/api/admin/events',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Events',
            'getEvents',
            'List recent events',
            `Returns the ${LEGACY_PAGE} newest events, optionally only those of one project. Deprecated: use searchEvents (GET /api/admin/search/events), which filters and pages.`,
          ),
          deprecated: true,
          querystring: EventsQuery,
          response: { 200: EventListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const result = await events.search({
          project: request.query.project,
          hiddenProjects: await hiddenProjects(deps.db, request.access),
          limit: LEGACY_PAGE,
        });
        return { version: 1, events: result.events.map(toEventResponse), totalEvents: result.total };
      },
    );

    app.get(
      '/api/admin/events/:featureName',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Events',
            'getEventsForToggle',
            'List the events of a flag',
            `Returns the ${LEGACY_PAGE} newest events about one flag. A name no flag has (any more) gives an empty list, since events outlive deleted flags. Deprecated: use searchEvents with \`feature\`.`,
          ),
          deprecated: true,
          params: FlagNameParams,
          response: { 200: FlagEventListResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const { featureName } = request.params;
        const result = await events.search({
          flagName: featureName,
          hiddenProjects: await hiddenProjects(deps.db, request.access),
          limit: LEGACY_PAGE,
        });
        return {
          version: 1,
          toggleName: featureName,
          events: result.events.map(toEventResponse),
          totalEvents: result.total,
        };
      },
    );

    app.get(
      '/api/admin/search/events',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Events',
            'searchEvents',
            'Search events',
            'Finds events by type, project, flag, environment, creator, time range and free text, newest first, a page at a time (`offset`, `limit`). `total` counts every match.',
          ),
          querystring: EventSearchQuery,
          response: { 200: EventSearchResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const q = request.query;
        const result = await events.search({
          text: q.query?.trim() || undefined,
          types: parseFilter(q.type),
          projects: parseFilter(q.project),
          flagNames: parseFilter(q.feature),
          environments: parseFilter(q.environment),
          creators: parseFilter(q.createdBy),
          from: parseDateFilter(q.from, 'from'),
          to: parseDateFilter(q.to, 'to'),
          offset: q.offset ?? 0,
          limit: q.limit ?? 50,
          hiddenProjects: await hiddenProjects(deps.db, request.access),
        });
        return { events: result.events.map(toEventResponse), total: result.total };
      },
    );

    app.get(
      '/api/admin/event-creators',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Events',
            'getEventCreators',
            'List who made changes',
            'Lists every user who has made at least one recorded change, for filtering the event log by creator.',
          ),
          response: { 200: EventCreatorsResponse, ...errorResponses(401, 403) },
        },
      },
      async () => events.creators(),
    );
  };
}
