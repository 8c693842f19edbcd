import { isRootRoleType, ROLE_IDS } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { BadDataError, ConflictError, InvalidOperationError, NotFoundError } from '../../../http/errors.ts';
import { createRoleStore } from '../access/role-store.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { createProjectStore } from '../../flag-model/projects/project-store.ts';
import { createProjectAccessStore } from '../project-access/project-access-store.ts';
import { createAccessRequestStore, type AccessRequest } from './access-request-store.ts';

/**
 * People ask for access to a project; an admin or the project's Owner approves (the person then holds a project role there, as project
 * access grants it) or rejects. Each step is an event of the project (decision record 0054).
 */
export function createAccessRequestService(db: Db) {
  const store = createAccessRequestStore(db);
  const events = createEventStore(db);
  const append = (type: string, request: AccessRequest, actor: Actor, data: unknown) =>
    events.append({
      type,
      project: request.project,
      createdBy: actor.name,
      createdByUserId: actor.userId,
      data,
    });
  const summary = (request: AccessRequest) => ({
    id: request.id,
    userId: request.userId,
    email: request.email,
    project: request.project,
  });
  async function find(id: number): Promise<AccessRequest> {
    const request = await store.find(id);
    if (!request) throw new NotFoundError(`Could not find access request ${id}`);
    return request;
  }

  return {
    /** `hidden` are the projects the person may not see: asking for one of them is asking for an unknown one. */
    async register(project: string, actor: Actor, hidden: readonly string[]): Promise<AccessRequest> {
      if (actor.userId === null)
        throw new InvalidOperationError(
          'Only a signed-in person can ask for access to a project, not a token',
        );
      if (hidden.includes(project) || !(await createProjectStore(db).exists(project)))
        throw new NotFoundError(`Could not find project "${project}"`);
      if (await store.isMember(actor.userId, project))
        throw new InvalidOperationError(`You already hold a role in project "${project}"`);
      const request = await store.add(actor.userId, project);
      if (!request) throw new ConflictError(`You already asked for access to project "${project}"`);
      await append('user-access-request-registered', request, actor, summary(request));
      return request;
    },
    list: (project?: string) => store.list(project),
    /**
     * Gives the person `roleId` (a project role; Member unless said) in the project and closes the request.
     * `mayGrant` refuses a role the approver may not give in the request's project (project-access-grant.ts).
     */
    async approve(
      id: number,
      roleId: number | undefined,
      actor: Actor,
      mayGrant: (project: string, role: number) => Promise<void>,
    ): Promise<void> {
      const request = await find(id);
      const role = roleId ?? ROLE_IDS.Member;
      const [found] = await createRoleStore(db).findByIds([role]);
      if (!found) throw BadDataError.field('/body/role', `role ${role} does not exist`);
      if (isRootRoleType(found.type))
        throw BadDataError.field(
          '/body/role',
          `${found.name} is a root role; a project grants project roles only`,
        );
      await mayGrant(request.project, role);
      await createProjectAccessStore(db).addUserRoles(request.project, request.userId, [role], actor.name);
      await store.remove(id);
      await append('user-access-request-approved', request, actor, { ...summary(request), role });
    },
    async reject(id: number, actor: Actor): Promise<void> {
      const request = await find(id);
      await store.remove(id);
      await append('user-access-request-rejected', request, actor, summary(request));
    },
  };
}

export type AccessRequestService = ReturnType<typeof createAccessRequestService>;
