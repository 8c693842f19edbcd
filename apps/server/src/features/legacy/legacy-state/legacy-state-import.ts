import type { Db } from '../../../db/db.ts';
import { BadDataError, HttpError } from '../../../http/errors.ts';
import { createArchiveService } from '../../flag-model/archive/archive-service.ts';
import { createEnvironmentService } from '../../flag-model/environments/environment-service.ts';
import { createFlagTagService } from '../../flag-model/flag-tags/flag-tag-service.ts';
import type { Actor } from '../../flag-model/flags/flag.ts';
import { createFlagEnvironmentService } from '../../flag-model/flags/flag-environment-service.ts';
import { createFlagService } from '../../flag-model/flags/flag-service.ts';
import { createFlagStore } from '../../flag-model/flags/flag-store.ts';
import type { StrategyRequest } from '../../flag-model/flags/strategy-input.ts';
import { createStrategyService as createFlagStrategyService } from '../../flag-model/flags/strategy-service.ts';
import { createVariantService } from '../../flag-model/flags/variant-service.ts';
import type { VariantInput } from '../../flag-model/flags/variant.ts';
import type { ProjectPorts } from '../../flag-model/projects/project-ports.ts';
import { createProjectService } from '../../flag-model/projects/project-service.ts';
import { createSegmentService } from '../../flag-model/segments/segment-service.ts';
import type { ParameterType } from '../../flag-model/strategies/strategy.ts';
import { createStrategyService as createDefinitionService } from '../../flag-model/strategies/strategy-service.ts';
import { createTagService } from '../../flag-model/tags/tag-service.ts';
import type { State } from './legacy-state.ts';

export type ImportOptions = {
  /** Delete every flag (active and archived) before importing. */
  drop: boolean;
  /** Leave what exists as it is (true, the default); false overwrites flags, definitions and segments. */
  keep: boolean;
};

/** Runs one item's import; any refusal names the item in the state file as the field at fault. */
async function at<T>(path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof HttpError && error.status < 500 && error.status !== 401 && error.status !== 403) {
      throw new BadDataError(`${path.slice('/body/'.length)}: ${error.message}`, [
        { message: error.message, path },
      ]);
    }
    throw error;
  }
}

const names = async (db: Db, sql: string, params: unknown[] = []) =>
  new Set((await db.query<{ name: string }>(sql, params)).map((row) => row.name));

/**
 * Imports a state file through the services the Admin API uses, so every write checks the same rules and records the
 * same events. Call it inside one transaction: a refused item leaves nothing behind. Decision record 0014.
 */
export function createLegacyStateImport(db: Db, ports: ProjectPorts) {
  return {
    async import(state: State, options: ImportOptions, actor: Actor): Promise<void> {
      const flags = createFlagService(db);
      if (options.drop) {
        const active = await db.query<{ name: string; project_id: string }>(
          'SELECT name, project_id FROM flags WHERE archived_at IS NULL ORDER BY name',
        );
        const byProject = new Map<string, string[]>();
        for (const flag of active)
          byProject.set(flag.project_id, [...(byProject.get(flag.project_id) ?? []), flag.name]);
        for (const [project, list] of byProject) {
          await flags.archive(project, await createFlagStore(db).getMany(list), actor);
        }
        const archive = createArchiveService(db);
        for (const flag of await db.query<{ name: string }>('SELECT name FROM flags ORDER BY name')) {
          await archive.deleteFlag(flag.name, actor);
        }
      }

      const environments = await names(db, 'SELECT name FROM environments');
      for (const [index, environment] of state.environments.entries()) {
        if (environments.has(environment.name)) continue;
        await at(`/body/environments/${index}`, () =>
          createEnvironmentService(db, ports.tokens).create(
            { name: environment.name, type: environment.type, sortOrder: environment.sortOrder },
            actor,
          ),
        );
      }

      const projects = await names(db, 'SELECT id AS name FROM projects');
      for (const [index, project] of state.projects.entries()) {
        if (projects.has(project.id)) continue;
        await at(`/body/projects/${index}`, () =>
          createProjectService(db, ports).create(
            { id: project.id, name: project.name, description: project.description ?? null },
            actor,
          ),
        );
      }

      const definitions = createDefinitionService(db);
      const existingDefinitions = await names(db, 'SELECT name FROM strategy_definitions');
      for (const [index, definition] of state.strategies.entries()) {
        if (definition.builtIn) continue;
        const input = {
          name: definition.name,
          title: definition.title ?? null,
          description: definition.description ?? null,
          parameters: (definition.parameters ?? []).map((parameter) => ({
            ...parameter,
            type: parameter.type as ParameterType,
          })),
        };
        const exists = existingDefinitions.has(definition.name);
        if (exists && options.keep) continue;
        await at(`/body/strategies/${index}`, async () => {
          if (exists) await definitions.update(input, actor);
          else await definitions.create(input, actor);
        });
      }

      const tags = createTagService(db);
      const tagTypes = await names(db, 'SELECT name FROM tag_types');
      for (const [index, tagType] of state.tagTypes.entries()) {
        if (tagTypes.has(tagType.name)) continue;
        await at(`/body/tagTypes/${index}`, () =>
          tags.createType(
            { name: tagType.name, description: tagType.description, icon: tagType.icon },
            actor,
          ),
        );
      }
      const existingTags = await names(db, "SELECT type || ':' || value AS name FROM tags");
      for (const [index, tag] of state.tags.entries()) {
        if (existingTags.has(`${tag.type}:${tag.value}`)) continue;
        await at(`/body/tags/${index}`, () => tags.createTag(tag, actor));
      }

      // Segment ids differ between instances: strategies refer to them through this map.
      const segmentIds = new Map<number, number>();
      const segments = createSegmentService(db);
      const existingSegments = new Map(
        (await db.query<{ id: number; name: string }>('SELECT id, name FROM segments')).map((row) => [
          row.name,
          row.id,
        ]),
      );
      for (const [index, segment] of state.segments.entries()) {
        const input = {
          name: segment.name,
          description: segment.description ?? null,
          project: segment.project ?? null,
          constraints: segment.constraints,
        };
        const existing = existingSegments.get(segment.name);
        const id = await at(`/body/segments/${index}`, async () => {
          if (existing === undefined) return (await segments.create(input, actor)).id;
          if (!options.keep) await segments.update(existing, input, actor);
          return existing;
        });
        segmentIds.set(segment.id, id);
      }

      // Flags: new ones are created; existing ones are left alone (keep) or get the file's configuration.
      const existingFlags = new Map(
        (
          await db.query<{ name: string; archived: boolean }>(
            'SELECT name, archived_at IS NOT NULL AS archived FROM flags',
          )
        ).map((row) => [row.name, row.archived]),
      );
      const written = new Set<string>();
      for (const [index, flag] of state.features.entries()) {
        const path = `/body/features/${index}`;
        const archived = existingFlags.get(flag.name);
        if (archived !== undefined && options.keep) continue;
        const project = flag.project ?? 'default';
        await at(path, async () => {
          if (archived === true) {
            throw new BadDataError(`flag "${flag.name}" is archived here; revive or delete it first`);
          }
          if (archived === undefined) {
            await flags.create(
              project,
              {
                name: flag.name,
                type: flag.type,
                description: flag.description,
                impressionData: flag.impressionData,
              },
              actor,
            );
            if (flag.stale) await flags.update(project, flag.name, { stale: true }, actor);
          } else {
            const current = await flagOf(db, flag.name);
            await flags.update(
              current.project,
              flag.name,
              {
                type: flag.type,
                description: flag.description,
                stale: flag.stale,
                impressionData: flag.impressionData,
              },
              actor,
            );
          }
        });
        written.add(flag.name);
      }

      const strategies = createFlagStrategyService(db);
      const replaced = new Set<string>();
      for (const [index, strategy] of state.featureStrategies.entries()) {
        if (!written.has(strategy.featureName)) continue;
        await at(`/body/featureStrategies/${index}`, async () => {
          const flag = await flagOf(db, strategy.featureName);
          const key = `${flag.name}\u0000${strategy.environment}`;
          if (!replaced.has(key)) {
            replaced.add(key);
            const old = await strategies.list(flag.project, flag.name, strategy.environment);
            for (const previous of old) {
              await strategies.delete(flag.project, flag.name, strategy.environment, previous.id, actor);
            }
          }
          const request: StrategyRequest = {
            name: strategy.strategyName,
            title: strategy.title ?? null,
            disabled: strategy.disabled ?? false,
            sortOrder: strategy.sortOrder,
            parameters: strategy.parameters ?? {},
            constraints: strategy.constraints ?? [],
            segments: (strategy.segments ?? []).map((id) => {
              const mapped = segmentIds.get(id);
              if (mapped === undefined) throw new BadDataError(`segment ${id} is not in the file's segments`);
              return mapped;
            }),
          };
          await strategies.add(flag.project, flag.name, strategy.environment, request, actor);
        });
      }

      const toggles = createFlagEnvironmentService(db);
      for (const [index, state_] of state.featureEnvironments.entries()) {
        if (!written.has(state_.featureName)) continue;
        await at(`/body/featureEnvironments/${index}`, async () => {
          const flag = await flagOf(db, state_.featureName);
          if (state_.variants?.length) {
            await createVariantService(db).overwrite(
              flag.project,
              flag.name,
              state_.environment,
              state_.variants as VariantInput[],
              actor,
            );
          }
          await toggles.toggle(flag.project, flag.name, state_.environment, state_.enabled, actor);
        });
      }

      const flagTags = createFlagTagService(db);
      for (const [index, tag] of state.featureTags.entries()) {
        if (!written.has(tag.featureName)) continue;
        const current = await flagTags.list(tag.featureName);
        if (current.some((t) => t.type === tag.tagType && t.value === tag.tagValue)) continue;
        await at(`/body/featureTags/${index}`, () =>
          flagTags.add(tag.featureName, { type: tag.tagType, value: tag.tagValue }, actor),
        );
      }
    },
  };
}

async function flagOf(db: Db, name: string) {
  const flag = await createFlagStore(db).get(name);
  if (!flag) throw new BadDataError(`flag "${name}" is not in the file's features`);
  return flag;
}
