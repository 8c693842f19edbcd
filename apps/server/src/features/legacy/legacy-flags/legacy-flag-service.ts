import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import type { Actor, Flag } from '../../flag-model/flags/flag.ts';
import { createFlagBulkService } from '../../flag-model/flags/flag-bulk-service.ts';
import { createFlagEnvironmentService } from '../../flag-model/flags/flag-environment-service.ts';
import { requireFlag } from '../../flag-model/flags/flag-lookup.ts';
import { createFlagService } from '../../flag-model/flags/flag-service.ts';
import type { StrategyRequest } from '../../flag-model/flags/strategy-input.ts';
import { createStrategyService } from '../../flag-model/flags/strategy-service.ts';
import { createVariantService } from '../../flag-model/flags/variant-service.ts';
import type { VariantInput } from '../../flag-model/flags/variant.ts';
import { legacyEnvironmentOf, projectOfFlag } from './legacy-environment.ts';

/** What a v1 create or update sends; fields left out are unchanged (on create: their defaults). */
export type LegacyFlagInput = {
  description?: string | null;
  type?: string;
  stale?: boolean;
  impressionData?: boolean;
  enabled?: boolean;
  strategies?: StrategyRequest[];
  variants?: VariantInput[];
};

/**
 * The v1 flag writes, each made of the calls the current routes make (flag, strategy, environment and variant
 * services), so the same rules and events apply. `enabled`, `strategies` and `variants` are those of the flag's
 * legacy environment (legacy-environment.ts).
 */
export function createLegacyFlagService(db: Db) {
  const flags = createFlagService(db);

  async function requireActive(name: string): Promise<Flag> {
    const project = await projectOfFlag(db, name);
    if (!project) throw new NotFoundError(`Could not find feature flag "${name}"`);
    return requireFlag(db, project, name);
  }

  async function requireEnvironment(flag: Flag): Promise<string> {
    const environment = await legacyEnvironmentOf(db, flag.project);
    if (!environment) {
      throw new BadDataError(`Project "${flag.project}" has no enabled environment for a v1 flag to use`, [
        { message: 'the project has no enabled environment', path: '/params/featureName' },
      ]);
    }
    return environment;
  }

  /** Sets strategies, variants and the on/off state in the legacy environment, as far as the input names them. */
  async function applyEnvironment(flag: Flag, input: LegacyFlagInput, actor: Actor): Promise<void> {
    if (input.strategies === undefined && input.enabled === undefined && input.variants === undefined) return;
    const environment = await requireEnvironment(flag);
    if (input.strategies !== undefined) {
      const strategies = createStrategyService(db);
      const previous = await strategies.list(flag.project, flag.name, environment);
      // New ones first: removing the old ones then never leaves the environment empty (which turns it off).
      for (const strategy of input.strategies) {
        await strategies.add(flag.project, flag.name, environment, strategy, actor);
      }
      for (const strategy of previous) {
        await strategies.delete(flag.project, flag.name, environment, strategy.id, actor);
      }
    }
    if (input.variants !== undefined) {
      await createVariantService(db).overwrite(flag.project, flag.name, environment, input.variants, actor);
    }
    if (input.enabled !== undefined) {
      await createFlagEnvironmentService(db).toggle(
        flag.project,
        flag.name,
        environment,
        input.enabled,
        actor,
      );
    }
  }

  return {
    async create(project: string, name: string, input: LegacyFlagInput, actor: Actor): Promise<Flag> {
      const flag = await flags.create(
        project,
        { name, type: input.type, description: input.description, impressionData: input.impressionData },
        actor,
      );
      const created = input.stale ? await flags.apply(flag, { stale: true }, actor) : flag;
      await applyEnvironment(created, input, actor);
      return created;
    },
    async update(name: string, input: LegacyFlagInput, actor: Actor): Promise<Flag> {
      const flag = await requireActive(name);
      const { description, type, stale, impressionData } = input;
      const updated = await flags.update(
        flag.project,
        name,
        { description, type, stale, impressionData },
        actor,
      );
      await applyEnvironment(updated, input, actor);
      return updated;
    },
    /** On, off, or the opposite of what it is now (`undefined`), in the legacy environment. */
    async toggle(name: string, enabled: boolean | undefined, actor: Actor): Promise<void> {
      const flag = await requireActive(name);
      const environment = await requireEnvironment(flag);
      const service = createFlagEnvironmentService(db);
      const current = await service.get(flag.project, name, environment);
      await service.toggle(flag.project, name, environment, enabled ?? !current.environment.enabled, actor);
    },
    async setStale(name: string, stale: boolean, actor: Actor): Promise<void> {
      const flag = await requireActive(name);
      await flags.apply(flag, { stale }, actor);
    },
    async archive(name: string, actor: Actor): Promise<void> {
      const flag = await requireActive(name);
      await createFlagBulkService(db).archiveOne(flag.project, name, actor);
    },
  };
}
