import type { Db } from '../../../db/db.ts';
import type { Actor, Flag } from './flag.ts';
import { recordFlagEvent } from './flag-events.ts';
import { createFlagEnvironmentStore } from './flag-environment-store.ts';
import { NotFoundError } from '../../../http/errors.ts';
import { createFlagStore } from './flag-store.ts';
import { createFlagService } from './flag-service.ts';
import { createFlagStrategyStore } from './flag-strategy-store.ts';
import { insertStrategy } from './strategy-service.ts';

export type CloneRequest = { name: string; replaceGroupId?: boolean };

/**
 * Copies a flag of the path's project under a new name in that project: type, description, impression data, the strategies (in order, with segments) and variants of every
 * environment the target project has, and its parent dependencies. The copy starts off everywhere. With
 * replaceGroupId (the default) strategies that have a groupId get the new name, so the copy buckets users
 * independently of the original.
 */
export function createFlagCloneService(db: Db) {
  return {
    async clone(project: string, sourceName: string, request: CloneRequest, actor: Actor): Promise<Flag> {
      const source = await createFlagStore(db).get(sourceName);
      // A flag of another project is not there to copy (a private one must not even be seen to exist).
      if (!source || source.archivedAt || source.project !== project)
        throw new NotFoundError(`Could not find flag "${sourceName}" in project "${project}"`);
      const flag = await createFlagService(db).create(
        project,
        {
          name: request.name,
          type: source.type,
          description: source.description,
          impressionData: source.impressionData,
        },
        actor,
      );
      const replaceGroupId = request.replaceGroupId ?? true;
      const environments = createFlagEnvironmentStore(db);
      const targetEnvironments = new Set(
        (await environments.list(flag.name)).map((environment) => environment.name),
      );
      for (const strategy of await createFlagStrategyStore(db).listForFlag(sourceName)) {
        if (!targetEnvironments.has(strategy.environment)) continue;
        const parameters = { ...strategy.parameters };
        if (replaceGroupId && Object.hasOwn(parameters, 'groupId')) parameters.groupId = flag.name;
        await insertStrategy(db, flag, strategy.environment, { ...strategy, parameters }, actor);
      }
      for (const environment of await environments.list(sourceName)) {
        if (environment.variants.length === 0 || !targetEnvironments.has(environment.name)) continue;
        await environments.setVariants(flag.name, environment.name, environment.variants);
        await recordFlagEvent(db, actor, {
          type: 'feature-environment-variants-updated',
          project,
          flagName: flag.name,
          environment: environment.name,
          data: { variants: environment.variants },
          preData: { variants: [] },
        });
      }
      const parents = await db.query<{ parent: string; enabled: boolean; variants: string[] }>(
        `INSERT INTO flag_dependencies (parent, child, enabled, variants)
         SELECT parent, $2, enabled, variants FROM flag_dependencies WHERE child = $1
         RETURNING parent, enabled, variants`,
        [sourceName, flag.name],
      );
      for (const parent of parents) {
        await recordFlagEvent(db, actor, {
          type: 'feature-dependency-added',
          project,
          flagName: flag.name,
          data: { feature: parent.parent, enabled: parent.enabled, variants: parent.variants },
        });
      }
      return flag;
    },
  };
}
