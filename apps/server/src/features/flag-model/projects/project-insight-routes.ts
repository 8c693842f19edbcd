import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { actorUserId } from '../../../http/auth.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { createEventStore } from '../events/event-store.ts';
import { createFlagLifecycleStore } from '../flags/flag-lifecycle-store.ts';
import { createSdkReadModel } from '../../sdk-serving/metrics/sdk-read-model.ts';
import { OUTDATED_RULE } from '../../sdk-serving/metrics/sdk-routes.ts';
import { healthOf } from './project.ts';
import { createProjectEnvironmentStore } from './project-environment-store.ts';
import {
  ApplicationsQuery,
  ApplicationsResponse,
  DoraResponse,
  FlagCreatorsResponse,
  HealthReportResponse,
  InsightsResponse,
  OutdatedSdksResponse,
  ProjectOverviewResponse,
  ProjectStatusResponse,
} from './project-insight-schemas.ts';
import { createProjectReadModel } from './project-read-model.ts';
import { ProjectParams } from './project-schemas.ts';
import { createProjectStore } from './project-store.ts';
import { toFlagSummaryResponse, toLinkResponse } from './project-wire.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const leadTime = (features: { name: string; timeToProduction: number }[]) => ({
  projectAverage: features.length
    ? Math.round((features.reduce((sum, f) => sum + f.timeToProduction, 0) / features.length) * 100) / 100
    : 0,
  features: features.map(({ name, timeToProduction }) => ({ name, timeToProduction })),
});

/** Read-only views of a project's health, activity and usage. */
export function projectInsightRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const store = createProjectStore(deps.db);
    const model = createProjectReadModel(deps.db);
    const sdks = createSdkReadModel(deps.db);
    const load = async (projectId: string, userId: number | null) => {
      const project = await store.summary(projectId, userId);
      if (!project) throw new NotFoundError(`Could not find project with id ${projectId}`);
      return project;
    };
    const counts = (flags: { total: number; stale: number; potentiallyStale: number }) => ({
      activeCount: flags.total - flags.stale - flags.potentiallyStale,
      potentiallyStaleCount: flags.potentiallyStale,
      staleCount: flags.stale,
    });

    app.get(
      '/api/admin/projects/:projectId/overview',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Projects',
            'getProjectOverview',
            'Get a project overview',
            "Returns a project's settings, health, environments, flag counts by type, the activity of the last 30 days against the 30 before, and its onboarding status.",
          ),
          params: ProjectParams,
          response: { 200: ProjectOverviewResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId } = request.params;
        const project = await load(projectId, actorUserId(request.principal));
        const [links, featureTypeCounts, stats, onboardingStatus] = await Promise.all([
          createProjectEnvironmentStore(deps.db).list(projectId),
          model.flagTypeCounts(projectId),
          model.stats(projectId),
          model.onboardingStatus(projectId),
        ]);
        const health = healthOf(project.flags);
        return {
          version: 1,
          name: project.name,
          description: project.description,
          defaultStickiness: project.defaultStickiness,
          mode: project.mode,
          featureLimit: project.featureLimit,
          members: project.memberCount,
          health,
          technicalDebt: 100 - health,
          environments: links.map(toLinkResponse),
          featureTypeCounts,
          updatedAt: project.updatedAt.toISOString(),
          archivedAt: project.archivedAt?.toISOString() ?? null,
          featureNaming: project.featureNaming ?? undefined,
          linkTemplates: project.linkTemplates,
          createdAt: project.createdAt.toISOString(),
          favorite: project.favorite,
          stats,
          onboardingStatus,
        };
      },
    );

    app.get(
      '/api/admin/projects/:projectId/status',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Projects',
            'getProjectStatus',
            'Get a project status',
            "Returns a project's daily activity over the last year, its resources, health, how many flags are in each lifecycle stage, and how many are stale.",
          ),
          params: ProjectParams,
          response: { 200: ProjectStatusResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId } = request.params;
        const project = await load(projectId, actorUserId(request.principal));
        const [activityCountByDate, resources, lifecycle, averageDays] = await Promise.all([
          createEventStore(deps.db).activityByDay(projectId, new Date(Date.now() - YEAR_MS)),
          model.resources(projectId),
          model.lifecycle(projectId),
          createFlagLifecycleStore(deps.db).averageDays(projectId),
        ]);
        const health = healthOf(project.flags);
        return {
          activityCountByDate,
          resources: { members: project.memberCount, ...resources },
          health: { current: health },
          technicalDebt: { current: 100 - health },
          lifecycleSummary: {
            initial: { averageDays: averageDays.initial, currentFlags: lifecycle.initial },
            preLive: { averageDays: averageDays['pre-live'], currentFlags: lifecycle.preLive },
            live: { averageDays: averageDays.live, currentFlags: lifecycle.live },
            completed: { averageDays: averageDays.completed, currentFlags: lifecycle.completed },
            archived: { currentFlags: lifecycle.archived, last30Days: lifecycle.archivedLast30Days },
          },
          staleFlags: { total: project.flags.stale + project.flags.potentiallyStale },
        };
      },
    );

    app.get(
      '/api/admin/projects/:projectId/health-report',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Projects',
            'getProjectHealthReport',
            'Get a project health report',
            'Returns the project health with its active, stale and potentially stale flag counts and the flags themselves. Deprecated: use getProjectStatus.',
          ),
          deprecated: true,
          params: ProjectParams,
          response: { 200: HealthReportResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId } = request.params;
        const project = await load(projectId, actorUserId(request.principal));
        const [links, flags] = await Promise.all([
          createProjectEnvironmentStore(deps.db).list(projectId),
          model.flags(projectId),
        ]);
        const health = healthOf(project.flags);
        return {
          version: 1,
          name: project.name,
          description: project.description,
          defaultStickiness: project.defaultStickiness,
          mode: project.mode,
          members: project.memberCount,
          health,
          technicalDebt: 100 - health,
          environments: links.map((link) => link.environment),
          features: flags.map(toFlagSummaryResponse),
          updatedAt: project.updatedAt.toISOString(),
          favorite: project.favorite,
          ...counts(project.flags),
        };
      },
    );

    app.get(
      '/api/admin/projects/:projectId/insights',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Projects',
            'getProjectInsights',
            'Get project insights',
            'Returns the project health, lead time to production, flag counts by type, activity windows and member count. Deprecated: use getProjectStatus.',
          ),
          deprecated: true,
          params: ProjectParams,
          response: { 200: InsightsResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId } = request.params;
        const project = await load(projectId, actorUserId(request.principal));
        const [stats, featureTypeCounts, reached] = await Promise.all([
          model.stats(projectId),
          model.flagTypeCounts(projectId),
          model.timeToProduction(projectId),
        ]);
        const health = healthOf(project.flags);
        return {
          stats,
          health: { rating: health, ...counts(project.flags) },
          technicalDebt: 100 - health,
          leadTime: leadTime(reached),
          featureTypeCounts,
          members: { currentMembers: project.memberCount, change: 0 },
        };
      },
    );

    app.get(
      '/api/admin/projects/:projectId/dora',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Projects',
            'getProjectDora',
            'Get lead time to production',
            "Returns, for each flag that has been enabled in a production-type environment, the days from its creation to the first such enabling (from the event log), and the project's average. Deployment frequency and the other DORA figures are not measured. Deprecated, as in Unleash.",
          ),
          deprecated: true,
          params: ProjectParams,
          response: { 200: DoraResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId } = request.params;
        await load(projectId, null);
        return leadTime(await model.timeToProduction(projectId));
      },
    );

    app.get(
      '/api/admin/projects/:projectId/flag-creators',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Projects',
            'getProjectFlagCreators',
            "List who created a project's flags",
            'Lists the users who created flags in this project, archived flags included, for filtering the flag list.',
          ),
          params: ProjectParams,
          response: { 200: FlagCreatorsResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await load(request.params.projectId, null);
        return model.flagCreators(request.params.projectId);
      },
    );

    app.get(
      '/api/admin/projects/:projectId/applications',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Projects',
            'getProjectApplications',
            "List a project's applications",
            'Lists the SDK applications of this project: those registered with an API token of this project and those that reported usage of one of its flags, with their environments, instances and SDK versions. `query` filters by name (case-insensitive); `offset` and `limit` page the list, sorted by name.',
          ),
          params: ProjectParams,
          querystring: ApplicationsQuery,
          response: { 200: ApplicationsResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await load(request.params.projectId, null);
        const { query, offset = 0, limit = 50, sortOrder } = request.query;
        let applications = await sdks.projectApplications(request.params.projectId);
        if (query)
          applications = applications.filter((a) => a.name.toLowerCase().includes(query.toLowerCase()));
        if (sortOrder === 'desc') applications.reverse();
        return { applications: applications.slice(offset, offset + limit), total: applications.length };
      },
    );

    app.get(
      '/api/admin/projects/:projectId/sdks/outdated',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Projects',
            'getOutdatedProjectSdks',
            'List outdated SDKs in a project',
            `Lists the outdated SDK versions among this project's applications (see getProjectApplications), with the applications on each. ${OUTDATED_RULE}`,
          ),
          params: ProjectParams,
          response: { 200: OutdatedSdksResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await load(request.params.projectId, null);
        return { sdks: await sdks.outdated(request.params.projectId) };
      },
    );
  };
}
