import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import type { Principal } from '../../../http/auth.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import type { ExposureRecorder } from './exposure-recorder.ts';
import { EdgeExposuresBody, EdgeExposuresResponse } from './exposure-schemas.ts';

type TokenPrincipal = Extract<Principal, { kind: 'token' }>;

/** An edge's clock may differ from ours: an exposure is taken as of at most this long ago, and never later than now. */
const MAX_EXPOSURE_AGE_MS = 60 * 60 * 1000;

/** The running experiments of the token's environment on flags of its projects. */
async function runningFor(db: Db, principal: TokenPrincipal): Promise<{ id: number; flagName: string }[]> {
  if (principal.environment === '*') return [];
  const all = principal.projects.includes('*');
  return db.query<{ id: number; flagName: string }>(
    `SELECT e.id::int AS id, e.flag_name AS "flagName"
       FROM experiments e JOIN flags f ON f.name = e.flag_name
      WHERE e.status = 'running' AND e.environment = $1 AND ($2 OR f.project_id = ANY ($3::text[]))
      ORDER BY e.id`,
    [principal.environment, all, all ? [] : principal.projects],
  );
}

/**
 * For edges (decision record 0050): the first exposures an edge saw answering the Frontend API and OFREP from
 * memory, sent with a client token of their environment; the answer tells the edge which experiments run, so it
 * holds exposures only for those. The same recorder as this process's own evaluations writes them.
 */
export function exposureRoutes(deps: { db: Db; exposures: ExposureRecorder }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/client/exposures',
      {
        schema: {
          ...describe(
            'Client',
            'forwardExposures',
            'Forward first exposures seen by an edge',
            "An edge that answers the Frontend API or OFREP from memory sends the first exposure of each user to each running experiment, up to 5,000 at once, with a client token of that environment; exposures of flags with no running experiment in the token's environment and projects are ignored. An empty list only asks which experiments run: the answer lists them. A time more than an hour old, or in the future, is taken as an hour ago, or now.",
          ),
          body: EdgeExposuresBody,
          response: { 200: EdgeExposuresResponse, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request) => {
        const principal = request.principal as TokenPrincipal;
        const experiments = await runningFor(deps.db, principal);
        const byFlag = new Map(experiments.map((each) => [each.flagName, each.id]));
        const now = Date.now();
        const held = [];
        for (const exposure of request.body.exposures) {
          const experimentId = byFlag.get(exposure.flagName);
          if (experimentId === undefined) continue;
          const at = Math.min(now, Math.max(now - MAX_EXPOSURE_AGE_MS, Date.parse(exposure.exposedAt)));
          held.push({ experimentId, user: exposure.userId, variant: exposure.variant, at });
        }
        deps.exposures.accept(held);
        return { recorded: held.length, experiments };
      },
    );
  };
}
