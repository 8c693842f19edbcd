import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import type { Principal } from '../../../http/auth.ts';
import { NoAccessError, NotFoundError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import type { SwitchyardEvent } from '../events/event.ts';
import { createEventStore } from '../events/event-store.ts';
import { createRoleStore } from '../../governance/access/role-store.ts';
import { createProjectAccessStore } from '../../governance/project-access/project-access-store.ts';
import { healthAverages } from './health-history.ts';
import { healthOf } from './project.ts';
import { createPersonalDashboardReadModel } from './personal-dashboard-read-model.ts';
import { PersonalDashboardResponse, PersonalProjectDetailsResponse } from './personal-dashboard-schemas.ts';
import { createProjectReadModel } from './project-read-model.ts';
import { ProjectParams } from './project-schemas.ts';
import { createProjectStore } from './project-store.ts';
import { toOwnersResponse } from './project-wire.ts';

function signedInUserId(principal: Principal | undefined): number {
  if (principal?.kind !== 'user') {
    throw new NoAccessError('The personal dashboard needs a signed-in user or a personal access token');
  }
  return principal.userId;
}

/** A one-line Markdown summary of an event, e.g. "**alice** feature-created **checkout** in production". */
export function summarise(event: SwitchyardEvent): string {
  const subject = event.flagName ? ` **${event.flagName}**` : '';
  const where = event.environment ? ` in ${event.environment}` : '';
  return `**${event.createdBy}** ${event.type}${subject}${where}`;
}

const withoutNulls = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));

/** /api/admin/personal-dashboard: the signed-in user's flags and projects. */
export function personalDashboardRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const dashboard = createPersonalDashboardReadModel(deps.db);
    const projects = createProjectStore(deps.db);

    app.get(
      '/api/admin/personal-dashboard',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Projects',
            'getPersonalDashboard',
            'Get my dashboard',
            'Returns the flags the signed-in user created or marked as favorites, the projects they take part in (member of, directly or through a group, favorites, or where they created flags or made changes), and the admins to ask for access.',
          ),
          response: { 200: PersonalDashboardResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        const userId = signedInUserId(request.principal);
        const [flags, ids, admins] = await Promise.all([
          dashboard.flags(userId),
          dashboard.projectIds(userId),
          dashboard.admins(),
        ]);
        const summaries = ids.length ? await projects.listSummaries(userId, ids) : [];
        // The users among the owners, each once: Unleash lists no groups here.
        const projectOwners = new Map(
          summaries
            .flatMap((project) => toOwnersResponse(project.owners))
            .flatMap((owner) => (owner.ownerType === 'user' ? [owner] : []))
            .map((owner) => [owner.email ?? owner.name, owner]),
        );
        return {
          projects: summaries.map((project) => {
            const health = healthOf(project.flags);
            return {
              id: project.id,
              name: project.name,
              health,
              technicalDebt: 100 - health,
              memberCount: project.memberCount,
              featureCount: project.flags.total,
              owners: toOwnersResponse(project.owners),
            };
          }),
          flags: flags.map((flag) => ({ ...flag, lastSeenAt: flag.lastSeenAt?.toISOString() ?? null })),
          admins: admins.map(withoutNulls) as { id: number }[],
          projectOwners: [...projectOwners.values()],
        };
      },
    );

    app.get(
      '/api/admin/personal-dashboard/:projectId',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Projects',
            'getPersonalDashboardProjectDetails',
            'Get a project for my dashboard',
            "Returns a project's flag health, onboarding status and its 10 newest events, for the signed-in user's dashboard.",
          ),
          params: ProjectParams,
          response: { 200: PersonalProjectDetailsResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const userId = signedInUserId(request.principal);
        const { projectId } = request.params;
        const project = await projects.summary(projectId, userId);
        if (!project) throw new NotFoundError(`No project with id "${projectId}" exists.`);
        const access = createProjectAccessStore(deps.db);
        const [onboardingStatus, latest, roleIds, averages] = await Promise.all([
          createProjectReadModel(deps.db).onboardingStatus(projectId),
          createEventStore(deps.db).search({ project: projectId, limit: 10 }),
          access.roleIdsOf(userId, projectId),
          healthAverages(deps.db, projectId, new Date()),
        ]);
        const roles = roleIds.length ? await createRoleStore(deps.db).findByIds(roleIds) : [];
        const { total, stale, potentiallyStale } = project.flags;
        const health = healthOf(project.flags);
        return {
          insights: {
            avgHealthCurrentWindow: averages.current,
            avgHealthPastWindow: averages.past,
            totalFlags: total,
            activeFlags: total - stale - potentiallyStale,
            staleFlags: stale,
            potentiallyStaleFlags: potentiallyStale,
            health,
            technicalDebt: 100 - health,
          },
          onboardingStatus,
          latestEvents: latest.events.map((event) => ({
            id: event.id,
            summary: summarise(event),
            createdBy: event.createdBy,
            createdByImageUrl: '',
            createdAt: event.createdAt.toISOString(),
          })),
          owners: toOwnersResponse(project.owners),
          roles: roles.map((role) => ({ id: role.id, name: role.name, type: role.type })),
        };
      },
    );
  };
}
