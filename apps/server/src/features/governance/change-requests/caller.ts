import { allows, type Access, isMember, type PermissionName, seesEverything } from '@switchyard/access';
import type { Actor } from '../../flag-model/events/actor.ts';

/** Who calls, and what they may do where: resolved by the routes from the request's access. */
export type Caller = {
  actor: Actor;
  may(permission: PermissionName, project: string, environment: string): boolean;
  /** Holds a role in the project (an Admin everywhere, an Editor in `default`): works there. */
  member(project: string): boolean;
  isAdmin: boolean;
};

export function callerFrom(actor: Actor, access: Access | undefined): Caller {
  return {
    actor,
    may: (permission, project, environment) =>
      access !== undefined &&
      allows(access, permission, { projects: [project], environments: [environment] }),
    member: (project) => access !== undefined && isMember(access, project),
    isAdmin: access !== undefined && seesEverything(access),
  };
}

/** The scheduler applies a request with the rights of whoever scheduled it, checked when they scheduled it. */
export const systemCaller = (actor: Actor): Caller => ({
  actor,
  may: () => true,
  member: () => true,
  isAdmin: false,
});
