import { hiddenProjects } from '../projects/hidden-projects.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import type { ChangeRequestUsesPort } from '../flags/change-request-uses-port.ts';
import { parseSearch } from './search-query.ts';
import { createSearchReadModel, type SearchFlag } from './search-read-model.ts';
import {
  FlagCreatorsListResponse,
  FlagCreatorsQueryString,
  SearchQueryString,
  SearchResponse,
} from './search-schemas.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** `requests`: ids of the open change requests that change the flag, by environment. */
export const toFeatureSearchResponse = (
  flag: SearchFlag,
  requests: ReadonlyMap<string, number[]> = new Map(),
) => ({
  ...flag,
  createdAt: flag.createdAt.toISOString(),
  archivedAt: iso(flag.archivedAt),
  lastSeenAt: iso(flag.lastSeenAt),
  lifecycle: { ...flag.lifecycle, enteredStageAt: flag.lifecycle.enteredStageAt.toISOString() },
  environments: flag.environments.map((environment) => ({
    ...environment,
    lastSeenAt: iso(environment.lastSeenAt),
    changeRequestIds: requests.get(`${flag.name}\u0000${environment.name}`) ?? [],
  })),
  // No avatar service: the admin UI draws initials when the image URL is empty.
  createdBy: { ...flag.createdBy, imageUrl: '' },
});

/**
 * GET /api/admin/search/features: the admin UI's flag table, filtered, sorted and paged in the database; and the
 * choices of its "created by" filter.
 */
export function searchRoutes(deps: {
  db: Db;
  changeRequests: ChangeRequestUsesPort;
}): FastifyPluginAsyncTypebox {
  const readModel = createSearchReadModel(deps.db);
  return async (app) => {
    app.get(
      '/api/admin/search/features',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Search',
            'searchFeatures',
            'Search, filter and page flags',
            'Finds flags by text and filters (project, type, state, tag, segment, creator, dates, environment status, archived), sorted and paged: 50 a page by default, at most 100. Each flag comes with a summary of its environments, its tags and segments. `total` counts every match.',
          ),
          querystring: SearchQueryString,
          response: { 200: SearchResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const principal = request.principal;
        const query = parseSearch(request.query, principal?.kind === 'user' ? principal.userId : null);
        const hidden = await hiddenProjects(deps.db, request.access);
        const { flags, total } = await readModel.search({ ...query, hiddenProjects: hidden });
        const requests = new Map<string, number[]>();
        const found = await deps.changeRequests.openRequestsOfFlags(
          deps.db,
          flags.map((flag) => flag.name),
        );
        for (const { flagName, environment, id } of found) {
          const key = `${flagName}\u0000${environment}`;
          requests.set(key, [...(requests.get(key) ?? []), id]);
        }
        return { features: flags.map((flag) => toFeatureSearchResponse(flag, requests)), total };
      },
    );

    app.get(
      '/api/admin/flag-creators',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Search',
            'getFlagCreators',
            'List who created flags',
            'Lists, once each and sorted by name, the users who created flags the caller can see (archived flags and private projects the caller is no member of left out): the choices of the flag table\'s "created by" filter. `q` keeps the names that contain it; `total` counts them all, `limit` (500 by default) caps the list.',
          ),
          querystring: FlagCreatorsQueryString,
          response: { 200: FlagCreatorsListResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const hidden = await hiddenProjects(deps.db, request.access);
        const { q, limit = 500 } = request.query;
        const { creators, total } = await readModel.flagCreators({ hiddenProjects: hidden, query: q, limit });
        return { total, flagCreators: creators };
      },
    );
  };
}
