import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { createEventStore } from '../events/event-store.ts';
import type { Actor } from '../events/actor.ts';
import { checkDependency, type NewDependency } from './dependency.ts';
import { createDependencyStore, type DependencyFlag } from './dependency-store.ts';

/** Parent–child dependencies between flags of one project; build it inside a transaction for writes. */
export function createDependencyService(db: Db) {
  const store = createDependencyStore(db);
  const events = createEventStore(db);

  /** The flag named in the URL, which must exist in the project named in the URL. */
  async function flagInProject(projectId: string, name: string): Promise<DependencyFlag> {
    if (!(await store.projectExists(projectId))) {
      throw new NotFoundError(`Could not find project "${projectId}"`);
    }
    const flag = await store.findFlag(name);
    if (!flag || flag.project !== projectId) {
      throw new NotFoundError(`There is no flag named "${name}" in project "${projectId}"`);
    }
    return flag;
  }

  return {
    async add(projectId: string, child: string, request: NewDependency, actor: Actor): Promise<void> {
      await flagInProject(projectId, child);
      const parent = await store.findFlag(request.parent);
      const dependency = checkDependency(request, {
        child,
        project: projectId,
        parent,
        childIsParent: await store.hasChildren(child),
        parentIsChild: parent ? await store.hasParents(parent.name) : false,
      });
      await store.replace(dependency);
      await events.append({
        type: 'feature-dependency-added',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: projectId,
        flagName: child,
        data: {
          feature: dependency.parent,
          enabled: dependency.enabled,
          ...(dependency.enabled ? { variants: dependency.variants } : {}),
        },
      });
    },
    /** Removing a dependency that does not exist succeeds and records nothing, as nothing changed. */
    async delete(projectId: string, child: string, parent: string, actor: Actor): Promise<void> {
      await flagInProject(projectId, child);
      if (!(await store.delete(child, parent))) return;
      await events.append({
        type: 'feature-dependency-removed',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: projectId,
        flagName: child,
        data: { feature: parent },
      });
    },
    async deleteAll(projectId: string, child: string, actor: Actor): Promise<void> {
      await flagInProject(projectId, child);
      const parents = await store.deleteAll(child);
      if (!parents.length) return;
      await events.append({
        type: 'feature-dependencies-removed',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: projectId,
        flagName: child,
        preData: { parents },
      });
    },
    async parentOptions(projectId: string, child: string): Promise<string[]> {
      await flagInProject(projectId, child);
      return store.parentOptions(child, projectId);
    },
    /**
     * A name that is no flag of the project has no variants to offer: an empty list, as Unleash answers (its admin
     * UI asks before a parent is chosen). An unknown project is still a 404.
     */
    async parentVariants(projectId: string, parent: string): Promise<string[]> {
      if (!(await store.projectExists(projectId))) {
        throw new NotFoundError(`Could not find project "${projectId}"`);
      }
      const flag = await store.findFlag(parent);
      if (!flag || flag.project !== projectId) return [];
      return store.parentVariants(parent);
    },
    async anyExist(projectId: string): Promise<boolean> {
      if (!(await store.projectExists(projectId))) {
        throw new NotFoundError(`Could not find project "${projectId}"`);
      }
      return store.anyExist();
    },
  };
}
