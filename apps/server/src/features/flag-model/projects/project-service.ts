import type { Db } from '../../../db/db.ts';
import { BadDataError, InvalidOperationError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import type { ProjectPorts } from './project-ports.ts';
import { BUILT_IN_STICKINESS, DEFAULT_PROJECT, type Project, type ProjectMode } from './project.ts';
import { createProjectEnvironmentStore } from './project-environment-store.ts';
import { createProjectStore, type ProjectFields } from './project-store.ts';
import { checkUrlFriendlyName } from './url-friendly-name.ts';

export type NewProject = {
  id?: string;
  name: string;
  description?: string | null;
  mode?: ProjectMode;
  defaultStickiness?: string;
  environments?: string[];
  /** Environments where change requests are on from the start. */
  changeRequestEnvironments?: { name: string; requiredApprovals?: number }[];
};

export type ProjectChange = {
  name: string;
  description?: string | null;
  mode?: ProjectMode;
  defaultStickiness?: string;
};

const snapshot = (project: Project, environments?: string[]) => ({
  id: project.id,
  name: project.name,
  description: project.description,
  mode: project.mode,
  defaultStickiness: project.defaultStickiness,
  ...(environments ? { environments } : {}),
});

/** Turns a project name into a URL-friendly id, for callers that send only a name (as Unleash 6+ allows). */
export function idFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[łđ]/g, (c) => (c === 'ł' ? 'l' : 'd'))
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 90);
  return slug || 'project';
}

/**
 * Project changes; build it inside a transaction so each change and its event commit together. `ports` carry the
 * effects in other areas: change-request settings, the creator's ownership, and the project's own API tokens.
 */
export function createProjectService(db: Db, ports: ProjectPorts) {
  const store = createProjectStore(db);
  const links = createProjectEnvironmentStore(db);
  const events = createEventStore(db);

  async function get(id: string): Promise<Project> {
    const project = await store.find(id);
    if (!project) throw new NotFoundError(`Could not find project with id ${id}`);
    return project;
  }

  async function checkStickiness(stickiness: string): Promise<void> {
    if (BUILT_IN_STICKINESS.includes(stickiness)) return;
    const [field] = await db.query('SELECT 1 FROM context_fields WHERE name = $1 AND stickiness', [
      stickiness,
    ]);
    if (!field) {
      const message = `"defaultStickiness" must be one of ${BUILT_IN_STICKINESS.join(', ')} or a context field used for stickiness; got "${stickiness}"`;
      throw new BadDataError(message, [{ message, path: '/body/defaultStickiness' }]);
    }
  }

  async function uniqueId(name: string): Promise<string> {
    const base = idFromName(name);
    const taken = new Set(await store.idsStartingWith(base));
    if (!taken.has(base)) return base;
    let n = 2;
    while (taken.has(`${base}-${n}`)) n++;
    return `${base}-${n}`;
  }

  const append = (type: string, actor: Actor, project: string, data: unknown, preData?: unknown) =>
    events.append({ type, createdBy: actor.name, createdByUserId: actor.userId, project, data, preData });

  return {
    get,
    async create(request: NewProject, actor: Actor): Promise<{ project: Project; environments: string[] }> {
      const id = request.id ?? (await uniqueId(request.name));
      checkUrlFriendlyName(id, '/body/id', 'Project id');
      const fields: ProjectFields = {
        name: request.name.trim(),
        description: request.description ?? null,
        mode: request.mode ?? 'open',
        defaultStickiness: request.defaultStickiness ?? 'default',
      };
      if (!fields.name) {
        throw new BadDataError('"name" must not be blank', [
          { message: '"name" must not be blank', path: '/body/name' },
        ]);
      }
      await checkStickiness(fields.defaultStickiness);
      const known = await db.query<{ name: string; enabled: boolean }>(
        'SELECT name, enabled FROM environments',
      );
      const environments = [
        ...new Set(request.environments ?? known.filter((env) => env.enabled).map((env) => env.name)),
      ];
      const missing = environments.filter((name) => !known.some((env) => env.name === name));
      if (missing.length) {
        throw new BadDataError(`Environment(s) ${missing.join(', ')} do not exist`, [
          { message: `environment "${missing[0]}" does not exist`, path: '/body/environments' },
        ]);
      }
      const project = await store.insert({ id, ...fields });
      for (const environment of environments) await links.add(id, environment, null);
      for (const { name, requiredApprovals } of request.changeRequestEnvironments ?? []) {
        if (!environments.includes(name)) {
          throw new BadDataError(`Change requests need environment "${name}" in the project`, [
            {
              message: `"${name}" is not one of the project's environments`,
              path: '/body/changeRequestEnvironments',
            },
          ]);
        }
        await ports.changeRequests.enable(db, id, name, requiredApprovals);
      }
      // Whoever creates a project owns it (an admin token is nobody: admins reach every project anyway).
      if (actor.userId !== null) await ports.owners.addOwner(db, id, actor.userId, actor);
      await append('project-created', actor, id, snapshot(project, environments));
      return { project, environments };
    },

    async update(id: string, change: ProjectChange, actor: Actor): Promise<Project> {
      const before = await get(id);
      const fields: ProjectFields = {
        name: change.name.trim(),
        description: change.description === undefined ? before.description : change.description,
        mode: change.mode ?? before.mode,
        defaultStickiness: change.defaultStickiness ?? before.defaultStickiness,
      };
      if (!fields.name) {
        throw new BadDataError('"name" must not be blank', [
          { message: '"name" must not be blank', path: '/body/name' },
        ]);
      }
      await checkStickiness(fields.defaultStickiness);
      const after = await store.update(id, fields);
      await append('project-updated', actor, id, snapshot(after), snapshot(before));
      return after;
    },

    /**
     * Deletes a project that has no flags left outside the archive. Its archived flags are deleted for good,
     * and API tokens scoped to this project alone are deleted with it.
     */
    async delete(id: string, actor: Actor): Promise<void> {
      if (id === DEFAULT_PROJECT) throw new InvalidOperationError('You can not delete the default project!');
      const project = await get(id);
      const flags = await store.flagNames(id);
      if (flags.active.length) {
        const count = flags.active.length;
        throw new InvalidOperationError(
          `You can not delete project "${id}": it still has ${count} flag${count === 1 ? '' : 's'} that ${count === 1 ? 'is' : 'are'} not archived. Archive or move ${count === 1 ? 'it' : 'them'} first.`,
        );
      }
      for (const flagName of flags.archived) {
        await events.append({
          type: 'feature-deleted',
          createdBy: actor.name,
          createdByUserId: actor.userId,
          project: id,
          flagName,
          preData: { name: flagName, project: id },
        });
      }
      await store.deleteFlags(flags.archived);
      const deletedApiTokens = await ports.tokens.deleteProjectTokens(db, id, actor);
      await store.delete(id);
      await append('project-deleted', actor, id, null, {
        ...snapshot(project),
        deletedArchivedFlags: flags.archived,
        deletedApiTokens,
      });
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
