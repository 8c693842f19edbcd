import type { Db } from '../../../db/db.ts';
import { BadDataError, InvalidOperationError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import type { ScopedTokensPort } from '../projects/project-ports.ts';
import { checkUrlFriendlyName } from '../projects/url-friendly-name.ts';
import type { Environment, RemovedWithEnvironment } from './environment.ts';
import { createEnvironmentCloneStore } from './environment-clone-store.ts';
import { createEnvironmentStore } from './environment-store.ts';
import { PG_INTEGER } from '../../../db/pg-integer.ts';

export type NewEnvironment = {
  name: string;
  type: string;
  sortOrder?: number;
  requiredApprovals?: number | null;
};
export type EnvironmentChange = { type: string; sortOrder?: number; requiredApprovals?: number | null };
export type CloneRequest = {
  name: string;
  type: string;
  projects?: string[];
  requiredApprovals?: number | null;
  clonePermissions?: boolean;
};

const snapshot = (env: Environment) => ({
  name: env.name,
  type: env.type,
  sortOrder: env.sortOrder,
  enabled: env.enabled,
  protected: env.protected,
  requiredApprovals: env.requiredApprovals,
});

/**
 * Environment changes; build it inside a transaction so each change and its event commit together. `tokens` deletes
 * the API tokens scoped to an environment being removed (identity implements it).
 */
export function createEnvironmentService(db: Db, tokens: ScopedTokensPort) {
  const store = createEnvironmentStore(db);
  const events = createEventStore(db);

  async function get(name: string): Promise<Environment> {
    const env = await store.find(name);
    if (!env) throw new NotFoundError(`Could not find environment with name ${name}`);
    return env;
  }

  function refuseIfProtected(env: Environment, doing: string): void {
    if (env.protected) {
      throw new InvalidOperationError(`Environment "${env.name}" is protected and cannot be ${doing}`);
    }
  }

  async function append(type: string, actor: Actor, env: string, data: unknown, preData?: unknown) {
    await events.append({
      type,
      createdBy: actor.name,
      createdByUserId: actor.userId,
      environment: env,
      data,
      preData,
    });
  }

  return {
    get,
    async create(request: NewEnvironment, actor: Actor): Promise<Environment> {
      checkUrlFriendlyName(request.name, '/body/name', 'Environment name');
      const sortOrder = request.sortOrder ?? Math.min((await store.maxSortOrder()) + 1, PG_INTEGER.maximum);
      const env = await store.insert({
        name: request.name,
        type: request.type,
        sortOrder,
        requiredApprovals: request.requiredApprovals ?? null,
      });
      await append('environment-created', actor, env.name, snapshot(env));
      return env;
    },

    async update(name: string, change: EnvironmentChange, actor: Actor) {
      const before = await get(name);
      refuseIfProtected(before, 'changed');
      const after = await store.update(name, {
        type: change.type,
        sortOrder: change.sortOrder ?? before.sortOrder,
        requiredApprovals:
          change.requiredApprovals === undefined ? before.requiredApprovals : change.requiredApprovals,
      });
      await append('environment-updated', actor, name, snapshot(after), snapshot(before));
      return after;
    },

    /**
     * Deletes the environment with every flag configuration, strategy and project link in it, and the API
     * tokens scoped to it. The last environment cannot go: flags need somewhere to be configured.
     */
    async remove(name: string, actor: Actor): Promise<RemovedWithEnvironment> {
      const env = await get(name);
      refuseIfProtected(env, 'removed');
      if ((await store.count()) === 1) {
        throw new InvalidOperationError(
          `"${name}" is the last environment; create another one before removing it`,
        );
      }
      const counts = await store.dependents(name);
      const apiTokens = await tokens.deleteEnvironmentTokens(db, name, actor);
      await store.delete(name);
      const removed = { ...counts, apiTokens };
      await append('environment-deleted', actor, name, { removed }, snapshot(env));
      return removed;
    },

    async setEnabled(name: string, enabled: boolean, actor: Actor): Promise<void> {
      const env = await get(name);
      if (env.enabled === enabled) return;
      await store.setEnabled(name, enabled);
      await append('environment-updated', actor, name, snapshot({ ...env, enabled }), snapshot(env));
    },

    async updateSortOrder(order: Record<string, number>, actor: Actor): Promise<void> {
      const current = new Map((await store.list()).map((env) => [env.name, env]));
      const unknown = Object.keys(order).filter((name) => !current.has(name));
      if (unknown.length) {
        throw new BadDataError(
          `Unknown environment(s): ${unknown.join(', ')}`,
          unknown.map((name) => ({
            message: `environment "${name}" does not exist`,
            path: `/body/${name}`,
          })),
        );
      }
      for (const [name, sortOrder] of Object.entries(order)) {
        const env = current.get(name)!;
        if (env.sortOrder === sortOrder) continue;
        await store.setSortOrder(name, sortOrder);
        await append('environment-updated', actor, name, snapshot({ ...env, sortOrder }), snapshot(env));
      }
    },

    /**
     * Creates a new environment as a copy of `source` in the chosen projects (by default every project that
     * uses `source`): each flag's enabled state, variants and strategies, and each project's default strategy. Unless
     * `clonePermissions` is false, every role that grants a permission in `source` grants it in the copy too.
     */
    async clone(source: string, request: CloneRequest, actor: Actor): Promise<Environment> {
      checkUrlFriendlyName(request.name, '/body/name', 'Environment name');
      const from = await get(source);
      const projects = [...new Set(request.projects ?? (await projectsUsing(db, source)))];
      await checkProjectsExist(db, projects);
      const env = await store.insert({
        name: request.name,
        type: request.type,
        sortOrder: from.sortOrder + 1,
        requiredApprovals:
          request.requiredApprovals === undefined ? from.requiredApprovals : request.requiredApprovals,
      });
      const cloner = createEnvironmentCloneStore(db);
      const copied = await cloner.copy(source, env.name, projects);
      const permissions =
        request.clonePermissions === false ? 0 : await cloner.copyPermissions(source, env.name);
      await append('environment-created', actor, env.name, {
        ...snapshot(env),
        clonedFrom: source,
        projects,
        copied: { ...copied, permissions },
      });
      for (const project of projects) {
        await events.append({
          type: 'project-environment-added',
          createdBy: actor.name,
          createdByUserId: actor.userId,
          project,
          environment: env.name,
          data: { environment: env.name, clonedFrom: source },
        });
      }
      return env;
    },
  };
}

async function projectsUsing(db: Db, environment: string): Promise<string[]> {
  const rows = await db.query<{ project_id: string }>(
    'SELECT project_id FROM project_environments WHERE environment_name = $1 ORDER BY project_id',
    [environment],
  );
  return rows.map((row) => row.project_id);
}

async function checkProjectsExist(db: Db, projects: string[]): Promise<void> {
  const found = await db.query<{ id: string }>('SELECT id FROM projects WHERE id = ANY($1)', [projects]);
  const missing = projects.filter((id) => !found.some((row) => row.id === id));
  if (missing.length) {
    throw new BadDataError(`Project(s) ${missing.join(', ')} do not exist`, [
      { message: `project "${missing[0]}" does not exist`, path: '/body/projects' },
    ]);
  }
}

export type EnvironmentService = ReturnType<typeof createEnvironmentService>;
