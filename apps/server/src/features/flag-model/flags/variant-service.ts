import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import type { Actor, Flag, Variant } from './flag.ts';
import { recordFlagEvent } from './flag-events.ts';
import { createFlagEnvironmentStore } from './flag-environment-store.ts';
import { requireFlag, requireFlagEnvironment, requireProject } from './flag-lookup.ts';
import { applyPatch, type PatchOperation } from './json-patch.ts';
import { normalizeVariants, type VariantInput } from './variant.ts';

/** Variants of a flag per environment: what getVariant returns when no strategy brings its own. */
export function createVariantService(db: Db) {
  const store = createFlagEnvironmentStore(db);

  async function write(
    flag: Flag,
    environment: string,
    previous: Variant[],
    inputs: VariantInput[],
    actor: Actor,
    path: string,
    skipUnchanged = false,
  ): Promise<Variant[]> {
    const project = await requireProject(db, flag.project);
    const variants = normalizeVariants(inputs, path, project.default_stickiness);
    if (skipUnchanged && JSON.stringify(previous) === JSON.stringify(variants)) return variants;
    await store.setVariants(flag.name, environment, variants);
    await recordFlagEvent(db, actor, {
      type: 'feature-environment-variants-updated',
      project: flag.project,
      flagName: flag.name,
      environment,
      data: { variants },
      preData: { variants: previous },
    });
    return variants;
  }

  return {
    async list(project: string, flagName: string, environment: string): Promise<Variant[]> {
      return (await requireFlagEnvironment(db, project, flagName, environment)).environment.variants;
    },
    /** Replaces the variants of one environment (variable weights re-spread, order kept). */
    async overwrite(
      project: string,
      flagName: string,
      environment: string,
      inputs: VariantInput[],
      actor: Actor,
    ): Promise<Variant[]> {
      const found = await requireFlagEnvironment(db, project, flagName, environment);
      return write(found.flag, environment, found.environment.variants, inputs, actor, '/body');
    },
    /** JSON Patch over the current list; the result is validated like a PUT body. */
    async patch(
      project: string,
      flagName: string,
      environment: string,
      operations: PatchOperation[],
      actor: Actor,
      validate: (variants: unknown) => VariantInput[],
    ): Promise<Variant[]> {
      const found = await requireFlagEnvironment(db, project, flagName, environment);
      const patched = validate(applyPatch(found.environment.variants, operations));
      return write(found.flag, environment, found.environment.variants, patched, actor, '/body');
    },
    /** Sets the variants of a flag already loaded (an import): nothing is written or recorded when they are equal. */
    async replace(
      flag: Flag,
      environment: string,
      inputs: VariantInput[],
      actor: Actor,
      path: string,
    ): Promise<Variant[]> {
      const previous = (await store.get(flag.name, environment))?.variants ?? [];
      return write(flag, environment, previous, inputs, actor, path, true);
    },
    /** The same variants in several environments at once (features-batch). */
    async overwriteMany(
      project: string,
      flagName: string,
      environments: string[],
      inputs: VariantInput[],
      actor: Actor,
    ): Promise<Variant[]> {
      const flag = await requireFlag(db, project, flagName);
      const states = [];
      for (const environment of new Set(environments)) {
        const state = await store.get(flagName, environment);
        if (!state) {
          throw new NotFoundError(
            `Environment "${environment}" does not exist or is not enabled in project "${project}"`,
          );
        }
        states.push(state);
      }
      let variants: Variant[] = [];
      for (const state of states) {
        variants = await write(flag, state.name, state.variants, inputs, actor, '/body/variants');
      }
      // With no environment named nothing is written, but the variants are still validated and shown.
      return states.length ? variants : normalizeVariants(inputs, '/body/variants', 'default');
    },
  };
}

export type VariantService = ReturnType<typeof createVariantService>;
