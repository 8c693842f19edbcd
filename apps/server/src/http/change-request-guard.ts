import type { FastifyRequest } from 'fastify';
import { type Access, allows, type Scope } from '@switchyard/access';
import { NoAccessError } from './errors.ts';

/**
 * Which change requests review a write route: those of the environment it names, of any environment of its project
 * (archiving a flag, its dependencies), or of any environment of a project segment's project.
 */
export type ReviewedBy = 'environment' | 'project' | 'segment';

/** What the guard needs to know; implemented by the access read model. */
export type ChangeRequestFacts = {
  /** Environments of the project where change requests are on. */
  changeRequestEnvironments(project: string): Promise<ReadonlySet<string>>;
  /** The project of a segment, null for a global one, undefined when there is no such segment. */
  projectOfSegment(id: number): Promise<string | null | undefined>;
};

/**
 * Refuses a direct write where change requests are on, unless the caller holds SKIP_CHANGE_REQUEST there (ADMIN does
 * not imply it). Runs in the one authorization hook, after the route's own permission passed.
 */
export async function guardChangeRequests(
  request: FastifyRequest,
  reviewedBy: ReviewedBy,
  scope: Scope,
  access: Access,
  facts: ChangeRequestFacts,
): Promise<void> {
  let projects = scope.projects ?? [];
  if (reviewedBy === 'segment') {
    const id = Number((request.params as { id?: unknown }).id);
    const project = Number.isInteger(id) ? await facts.projectOfSegment(id) : undefined;
    projects = project ? [project] : [];
  }
  for (const project of projects) {
    await assertMayWriteDirectly(
      project,
      reviewedBy === 'environment' ? (scope.environments ?? []) : 'all',
      access,
      facts,
    );
  }
}

/**
 * Refuses a direct write to `environments` of `project` (or to all of its environments) where change requests are
 * on, unless `access` holds SKIP_CHANGE_REQUEST there. The one rule, for routes and for automated actions alike.
 */
export async function assertMayWriteDirectly(
  project: string,
  environments: readonly string[] | 'all',
  access: Access,
  facts: Pick<ChangeRequestFacts, 'changeRequestEnvironments'>,
): Promise<void> {
  const enabled = await facts.changeRequestEnvironments(project);
  if (enabled.size === 0) return;
  const reviewed = environments === 'all' ? [...enabled] : environments.filter((e) => enabled.has(e));
  for (const environment of reviewed) {
    if (!allows(access, 'SKIP_CHANGE_REQUEST', { projects: [project], environments: [environment] })) {
      throw NoAccessError.needs(
        'SKIP_CHANGE_REQUEST',
        `Change requests are on in environment "${environment}" of project "${project}": add this change to a change request, or ask for the SKIP_CHANGE_REQUEST permission`,
      );
    }
  }
}
