/**
 * The steps of an import, each through the service of the feature it changes, so every change records the same
 * events as when it is made by hand. Run them in one transaction, after checkImport found no errors.
 */
import type { Db } from '../../../db/db.ts';
import { createContextFieldService } from '../context/context-field-service.ts';
import { createDependencyService } from '../dependencies/dependency-service.ts';
import type { Actor } from '../events/actor.ts';
import { createFlagTagService } from '../flag-tags/flag-tag-service.ts';
import { switchOffWhenNothingActive } from '../flags/environment-switch.ts';
import type { Flag } from '../flags/flag.ts';
import { createFlagEnvironmentService } from '../flags/flag-environment-service.ts';
import { createFlagService } from '../flags/flag-service.ts';
import { createFlagStore } from '../flags/flag-store.ts';
import { createFlagStrategyStore } from '../flags/flag-strategy-store.ts';
import { resolveStrategy } from '../flags/strategy-input.ts';
import { insertStrategy, removeStrategy } from '../flags/strategy-service.ts';
import { createVariantService } from '../flags/variant-service.ts';
import { createTagService } from '../tags/tag-service.ts';
import type { ImportFacts } from './flag-import-store.ts';
import { createFlagImportStore } from './flag-import-store.ts';
import type {
  FlagTransfer,
  TransferDependency,
  TransferEnvironment,
  TransferFlag,
  TransferStrategy,
  TransferTag,
} from './flag-transfer.ts';

/** Tag types and context fields the import needs and this instance lacks. */
export async function createMissingDefinitions(
  db: Db,
  transfer: FlagTransfer,
  facts: ImportFacts,
  actor: Actor,
): Promise<void> {
  const tagTypes = createTagService(db);
  const listed = new Map(transfer.tagTypes.map((tagType) => [tagType.name, tagType]));
  const needed = new Set([...listed.keys(), ...transfer.tags.map((tag) => tag.type)]);
  for (const name of needed) {
    if (facts.tagTypes.has(name)) continue;
    await tagTypes.createType(listed.get(name) ?? { name }, actor);
  }
  const contextFields = createContextFieldService(db);
  for (const field of transfer.contextFields) {
    if (facts.contextFields.has(field.name)) continue;
    const { project, ...input } = field;
    await contextFields.create(input, actor, project === null ? undefined : facts.project.id);
  }
}

/** Creates the flag in the project, or updates the one there, and returns it. */
export async function writeFlag(db: Db, project: string, flag: TransferFlag, actor: Actor): Promise<Flag> {
  const service = createFlagService(db);
  const existing = await createFlagStore(db).get(flag.name);
  const changes = { type: flag.type, description: flag.description, impressionData: flag.impressionData };
  if (existing) return service.apply(existing, { ...changes, stale: flag.stale }, actor);
  const created = await service.create(project, { name: flag.name, ...changes }, actor);
  return flag.stale ? service.apply(created, { stale: true }, actor) : created;
}

/**
 * The flag in the target environment: its strategies replaced by the imported ones (segments mapped by name),
 * then its variants and on/off state. A flag the import gives no state for is left on only if something is active.
 */
export async function writeEnvironment(
  db: Db,
  flag: Flag,
  environment: string,
  imported: { strategies: TransferStrategy[]; state: TransferEnvironment | undefined },
  context: { segmentIds: Map<number, number>; defaultStickiness: string },
  actor: Actor,
): Promise<void> {
  for (const previous of await createFlagStrategyStore(db).list(flag.name, environment)) {
    await removeStrategy(db, flag, previous, actor);
  }
  for (const strategy of imported.strategies) {
    const resolved = await resolveStrategy(
      db,
      flag,
      {
        name: strategy.name,
        title: strategy.title,
        disabled: strategy.disabled,
        ...(strategy.sortOrder === null ? {} : { sortOrder: strategy.sortOrder }),
        parameters: strategy.parameters,
        constraints: strategy.constraints,
        variants: strategy.variants,
        segments: strategy.segments.map((id) => context.segmentIds.get(id)!),
      },
      context.defaultStickiness,
    );
    await insertStrategy(db, flag, environment, resolved, actor);
  }

  const state = imported.state;
  if (!state) {
    await switchOffWhenNothingActive(db, flag, environment, actor);
    return;
  }
  await createVariantService(db).replace(
    flag,
    environment,
    state.variants,
    actor,
    '/body/data/featureEnvironments',
  );
  await createFlagEnvironmentService(db).toggleLoaded(flag, environment, state.enabled, actor);
}

/** Gives the flag exactly the imported tags. */
export async function writeTags(db: Db, flag: Flag, tags: TransferTag[], actor: Actor): Promise<void> {
  const service = createFlagTagService(db);
  const wanted = tags.map((tag) => ({ type: tag.type, value: tag.value }));
  const key = (tag: { type: string; value: string }) => `${tag.type}:${tag.value}`;
  const wantedKeys = new Set(wanted.map(key));
  const current = await service.list(flag.name);
  await service.update(
    flag.name,
    { addedTags: wanted, removedTags: current.filter((tag) => !wantedKeys.has(key(tag))) },
    actor,
  );
}

const sameDependency = (
  a: { parent: string; enabled: boolean; variants: string[] },
  b: { parent: string; enabled: boolean; variants: string[] },
) =>
  a.parent === b.parent &&
  a.enabled === b.enabled &&
  JSON.stringify([...a.variants].sort()) === JSON.stringify([...b.variants].sort());

/**
 * Gives each imported flag exactly the imported parent (or none). Links that go or change are removed first, so
 * the one-level rule is checked against the new state.
 */
export async function writeDependencies(
  db: Db,
  project: string,
  flagNames: string[],
  dependencies: TransferDependency[],
  actor: Actor,
): Promise<void> {
  const service = createDependencyService(db);
  const current = await createFlagImportStore(db).parentsOf(flagNames);
  const wanted = new Map(dependencies.map((dependency) => [dependency.child, dependency]));
  const changed = flagNames.filter((name) => {
    const before = current.get(name);
    const after = wanted.get(name);
    return before && after ? !sameDependency(before, after) : before !== after;
  });
  for (const child of changed) {
    if (current.has(child)) await service.deleteAll(project, child, actor);
  }
  for (const child of changed) {
    const dependency = wanted.get(child);
    if (dependency) {
      await service.add(
        project,
        child,
        { parent: dependency.parent, enabled: dependency.enabled, variants: dependency.variants },
        actor,
      );
    }
  }
}
