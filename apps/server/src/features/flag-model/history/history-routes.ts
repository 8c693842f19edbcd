import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { toEvaluationContext } from '../playground/playground-service.ts';
import { hiddenProjects } from '../projects/hidden-projects.ts';
import { parseInstant } from './history.ts';
import {
  CompareBody,
  CompareResponse,
  StateQuery,
  StateResponse,
  TimelineParams,
  TimelineQuery,
  TimelineResponse,
} from './history-schemas.ts';
import {
  createHistoryService,
  sampleContexts,
  type HistoryService,
  type StateAt,
} from './history-service.ts';

/**
 * The state in force at an instant given in the request, or a 400 naming the field: a text that is no ISO 8601 instant,
 * or an instant before the environment's history begins.
 */
export async function stateAtField(
  history: HistoryService,
  environment: string,
  text: string,
  path: string,
): Promise<StateAt> {
  const at = parseInstant(text);
  if (!at)
    throw BadDataError.field(path, `"${text}" is not an ISO 8601 instant such as 2026-12-02T14:32:00Z`);
  const state = await history.stateAt(environment, at);
  if (state) return state;
  const beginning = await history.beginning(environment);
  throw BadDataError.field(
    path,
    beginning
      ? `${at.toISOString()} is before the history of environment "${environment}" begins (${beginning.toISOString()})`
      : `environment "${environment}" has no recorded history`,
  );
}

const momentOf = (text: string, state: StateAt) => ({
  at: parseInstant(text)!.toISOString(),
  recordedAt: state.recordedAt.toISOString(),
  recordingId: state.recordingId,
});

/** GET /api/admin/history/state, POST /api/admin/history/compare and a flag's timeline in an environment. */
export function historyRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const history = createHistoryService(deps.db);

    app.get(
      '/api/admin/history/state',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'History',
            'getStateAt',
            'What SDKs were served at an instant',
            "Reconstructs the configuration the Client API served in an environment at an instant: the flags (as `GET /api/client/features` served them), the segments they used and the context fields then. Exact for every instant since the environment's history began; 400 naming `at` for an instant before that.",
          ),
          querystring: StateQuery,
          response: { 200: StateResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { environment, project, at } = request.query;
        const hidden = await hiddenProjects(deps.db, request.access);
        if (project && hidden.includes(project))
          throw new NotFoundError(`Project "${project}" does not exist`);
        const state = await stateAtField(history, environment, at, '/querystring/at');
        const { features, segments } = history.servedAt(state, project ? [project] : '*', hidden);
        return {
          environment,
          moment: momentOf(at, state),
          features,
          segments,
          contextFields: state.contextFields.filter(
            (field) =>
              field.project === null ||
              (!hidden.includes(field.project) && (!project || field.project === project)),
          ),
        };
      },
    );

    app.post(
      '/api/admin/history/compare',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'History',
            'compareInstants',
            'Compare two instants',
            'Which flags of an environment differ between two instants, and for each context (given, or `sample` generated users) which flags it gained or lost and which variants changed. Changes nothing.',
          ),
          body: CompareBody,
          response: { 200: CompareResponse, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request) => {
        const { environment, projects = '*', from, to, contexts, sample = 100 } = request.body;
        const hidden = await hiddenProjects(deps.db, request.access);
        const before = await stateAtField(history, environment, from, '/body/from');
        const after = await stateAtField(history, environment, to, '/body/to');
        const visible = (project: string) =>
          !hidden.includes(project) && (projects === '*' || projects.includes(project));
        const result = history.compare(
          before,
          after,
          visible,
          (contexts as Record<string, unknown>[] | undefined) ?? sampleContexts(sample),
          toEvaluationContext,
        );
        return { environment, from: momentOf(from, before), to: momentOf(to, after), ...result };
      },
    );

    app.get(
      '/api/admin/projects/:projectId/features/:featureName/environments/:environment/history',
      {
        config: { auth: { permission: 'READ', project: 'params.projectId' } },
        schema: {
          ...describe(
            'History',
            'getFlagTimeline',
            "A flag's changes in an environment",
            'Every recorded change of what SDKs were served for the flag in this environment, newest first: when, who, through which change request, which parts changed, and the share of 1,000 generated users who got the flag (and each variant) before and after.',
          ),
          params: TimelineParams,
          querystring: TimelineQuery,
          response: { 200: TimelineResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId, featureName, environment } = request.params;
        const [flag] = await deps.db.query<{ project_id: string }>(
          'SELECT project_id FROM flags WHERE name = $1',
          [featureName],
        );
        if (!flag || flag.project_id !== projectId)
          throw new NotFoundError(`Flag "${featureName}" does not exist in project "${projectId}"`);
        const { changes, more } = await history.timeline(environment, featureName, request.query.limit ?? 20);
        return {
          more,
          changes: changes.map((c) => ({
            ...c,
            at: c.at.toISOString(),
            events: c.events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
          })),
        };
      },
    );
  };
}
