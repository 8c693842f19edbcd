import { flagNameProblem, linkFromTemplate, namingProblem } from '@switchyard/rules';
import type { Db } from '../../../db/db.ts';
import {
  BadDataError,
  type ErrorDetail,
  InvalidOperationError,
  NameExistsError,
} from '../../../http/errors.ts';
import type { Actor, Flag } from './flag.ts';
import { recordFlagEvent } from './flag-events.ts';
import { requireFlag, requireProject } from './flag-lookup.ts';
import { createFlagStore, type FlagChanges } from './flag-store.ts';
import { applyPatch, type PatchOperation } from './json-patch.ts';
import { createLinkService } from './link-service.ts';

export type NewFlagRequest = {
  name: string;
  type?: string;
  description?: string | null;
  impressionData?: boolean;
};
export type FlagUpdate = FlagChanges & { name?: string; archived?: boolean };

/** The flag's own fields, as events record them. */
export function flagData(flag: Flag) {
  return {
    name: flag.name,
    project: flag.project,
    type: flag.type,
    description: flag.description,
    stale: flag.stale,
    impressionData: flag.impressionData,
    createdAt: flag.createdAt,
  };
}

/** Paths a PATCH on a flag may touch, and the JSON type each must keep. */
const PATCHABLE: Record<string, (value: unknown) => boolean> = {
  description: (value) => value === null || typeof value === 'string',
  type: (value) => typeof value === 'string',
  stale: (value) => typeof value === 'boolean',
  impressionData: (value) => typeof value === 'boolean',
};

function nameError(name: string, problem: string, path = '/body/name'): BadDataError {
  return new BadDataError(`Invalid flag name "${name}": ${problem}`, [{ message: problem, path }]);
}

/** Creating, changing and archiving one flag. */
export function createFlagService(db: Db) {
  const store = createFlagStore(db);

  return {
    /** Throws what a create with this name would: 400 when invalid, 409 when taken (archived flags count). */
    async validateName(name: string): Promise<void> {
      const problem = flagNameProblem(name);
      if (problem) throw nameError(name, problem);
      if (await store.get(name)) {
        throw new NameExistsError(`A flag named "${name}" already exists (possibly archived)`, [
          { message: `a flag named "${name}" already exists`, path: '/body/name' },
        ]);
      }
    },

    async create(project: string, request: NewFlagRequest, actor: Actor): Promise<Flag> {
      const row = await requireProject(db, project);
      if (row.archived_at) {
        throw new InvalidOperationError(
          `Project "${project}" is archived: revive it before creating flags in it`,
        );
      }
      await this.validateName(request.name);
      const naming =
        row.feature_naming_pattern === null
          ? null
          : {
              pattern: row.feature_naming_pattern,
              example: row.feature_naming_example,
              description: row.feature_naming_description,
            };
      const breaksNaming = namingProblem(request.name, naming);
      if (breaksNaming) throw nameError(request.name, breaksNaming);
      if (row.feature_limit !== null && (await store.countActive(project)) >= row.feature_limit) {
        throw new InvalidOperationError(
          `Project "${project}" has reached its limit of ${row.feature_limit} flags; archive some or raise the limit`,
        );
      }
      const flag = await store.insert({
        name: request.name,
        project,
        type: request.type ?? 'release',
        description: request.description ?? null,
        impressionData: request.impressionData ?? false,
        createdByUserId: actor.userId,
      });
      await recordFlagEvent(db, actor, {
        type: 'feature-created',
        project,
        flagName: flag.name,
        data: flagData(flag),
      });
      // The project's link templates give the new flag its links, each recorded as feature-link-added.
      const links = createLinkService(db);
      for (const template of row.link_templates) {
        const url = linkFromTemplate(template.urlTemplate, { project, feature: flag.name });
        await links.create(project, flag.name, { url, title: template.title }, actor);
      }
      return flag;
    },

    /** PUT: sets the fields given. Staleness changes record feature-stale-on/off like Unleash. */
    async update(project: string, flagName: string, update: FlagUpdate, actor: Actor): Promise<Flag> {
      const flag = await requireFlag(db, project, flagName);
      if (update.name !== undefined && update.name !== flagName) {
        throw new BadDataError('A flag cannot be renamed; "name" must match the name in the path', [
          { message: `"name" must be "${flagName}" or left out`, path: '/body/name' },
        ]);
      }
      if (update.archived === true) {
        throw new BadDataError(
          'Archive a flag with DELETE /api/admin/projects/{projectId}/features/{featureName}',
          [{ message: '"archived" cannot be set here', path: '/body/archived' }],
        );
      }
      return this.apply(flag, update, actor);
    },

    /** JSON Patch on description, type, stale and impressionData. */
    async patch(
      project: string,
      flagName: string,
      operations: PatchOperation[],
      actor: Actor,
    ): Promise<Flag> {
      const flag = await requireFlag(db, project, flagName);
      const problems: ErrorDetail[] = [];
      operations.forEach((operation, index) => {
        for (const pointer of [operation.path, operation.from]) {
          if (pointer === undefined) continue;
          const field = pointer.split('/')[1] ?? '';
          if (!Object.hasOwn(PATCHABLE, field) || pointer.split('/').length !== 2) {
            problems.push({
              message: `"${pointer}" cannot be patched; use /description, /type, /stale or /impressionData`,
              path: `/body/${index}/path`,
            });
          }
        }
      });
      if (problems.length) throw new BadDataError(problems[0]!.message, problems);
      const current = {
        description: flag.description,
        type: flag.type,
        stale: flag.stale,
        impressionData: flag.impressionData,
      };
      const patched = applyPatch(current, operations) as Record<string, unknown>;
      for (const [field, valid] of Object.entries(PATCHABLE)) {
        if (!valid(patched[field])) {
          problems.push({ message: `"${field}" has the wrong type after the patch`, path: `/body` });
        }
      }
      if (problems.length) throw new BadDataError(problems[0]!.message, problems);
      return this.apply(flag, patched as FlagChanges, actor);
    },

    /** Writes changes and records what changed. */
    async apply(flag: Flag, changes: FlagChanges, actor: Actor): Promise<Flag> {
      if (changes.type !== undefined && !(await store.typeExists(changes.type))) {
        throw new BadDataError(`"${changes.type}" is not a flag type; see GET /api/admin/feature-types`, [
          { message: `"type" must name an existing flag type`, path: '/body/type' },
        ]);
      }
      const updated = await store.update(flag.name, changes);
      const metadataChanged =
        updated.type !== flag.type ||
        updated.description !== flag.description ||
        updated.impressionData !== flag.impressionData;
      if (metadataChanged) {
        await recordFlagEvent(db, actor, {
          type: 'feature-metadata-updated',
          project: flag.project,
          flagName: flag.name,
          data: flagData(updated),
          preData: flagData(flag),
        });
      }
      if (updated.stale !== flag.stale) {
        await recordFlagEvent(db, actor, {
          type: updated.stale ? 'feature-stale-on' : 'feature-stale-off',
          project: flag.project,
          flagName: flag.name,
          data: { stale: updated.stale },
          preData: { stale: flag.stale },
        });
      }
      return updated;
    },

    /** Archives flags (archived_at, nothing deleted); a parent whose children stay active cannot go. */
    async archive(project: string, flags: Flag[], actor: Actor): Promise<void> {
      const names = flags.map((flag) => flag.name);
      const orphans = await db.query<{ parent: string; child: string }>(
        `SELECT d.parent, d.child FROM flag_dependencies d JOIN flags c ON c.name = d.child AND c.archived_at IS NULL
          WHERE d.parent = ANY($1) AND NOT d.child = ANY($1) ORDER BY d.parent, d.child`,
        [names],
      );
      if (orphans.length) {
        throw new InvalidOperationError(
          `You can not archive "${orphans[0]!.parent}" since other flags depend on it: ${orphans.map((o) => o.child).join(', ')}`,
        );
      }
      // An archived child no longer needs its parents; Unleash drops those links with the archive.
      const dropped = await db.query<{ parent: string; child: string; enabled: boolean; variants: string[] }>(
        'DELETE FROM flag_dependencies WHERE child = ANY($1) RETURNING parent, child, enabled, variants',
        [names],
      );
      await store.archive(names);
      for (const flag of flags) {
        const dependencies = dropped.filter((d) => d.child === flag.name);
        await recordFlagEvent(db, actor, {
          type: 'feature-archived',
          project,
          flagName: flag.name,
          data: { archived: true },
          preData: dependencies.length
            ? {
                archived: false,
                dependencies: dependencies.map(({ parent, enabled, variants }) => ({
                  feature: parent,
                  enabled,
                  variants,
                })),
              }
            : { archived: false },
        });
      }
    },
  };
}

export type FlagService = ReturnType<typeof createFlagService>;
