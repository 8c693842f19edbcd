import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import type { Actor, Flag } from './flag.ts';
import { createFlagEnvironmentService } from './flag-environment-service.ts';
import { createFlagEnvironmentStore } from './flag-environment-store.ts';
import { requireFlag, requireProject } from './flag-lookup.ts';
import { createFlagService } from './flag-service.ts';
import { createFlagStore } from './flag-store.ts';

export type ArchiveCheck = { parentsWithChildFeatures: string[]; hasDeletedDependencies: boolean };

/** Operations on many flags of a project at once: all flags are checked before anything changes. */
export function createFlagBulkService(db: Db) {
  const store = createFlagStore(db);

  /** The named active flags of the project, or a 404 naming those that are missing or elsewhere. */
  async function requireFlags(project: string, names: string[]): Promise<Flag[]> {
    await requireProject(db, project);
    const unique = [...new Set(names)];
    if (unique.length === 0) {
      throw new BadDataError('"features" must name at least one flag', [
        { message: '"features" must name at least one flag', path: '/body/features' },
      ]);
    }
    const flags = (await store.getMany(unique)).filter(
      (flag) => !flag.archivedAt && flag.project === project,
    );
    const missing = unique.filter((name) => !flags.some((flag) => flag.name === name));
    if (missing.length) {
      throw new NotFoundError(
        `These flags are not active flags of project "${project}": ${missing.join(', ')}`,
      );
    }
    return unique.map((name) => flags.find((flag) => flag.name === name)!);
  }

  return {
    async archiveOne(project: string, flagName: string, actor: Actor): Promise<void> {
      const flag = await requireFlag(db, project, flagName);
      await createFlagService(db).archive(project, [flag], actor);
    },
    async archiveMany(project: string, names: string[], actor: Actor): Promise<void> {
      await createFlagService(db).archive(project, await requireFlags(project, names), actor);
    },
    /** What archiving these flags would do to dependencies, without doing it. */
    async validateArchive(project: string, names: string[]): Promise<ArchiveCheck> {
      const flags = await requireFlags(project, names);
      const listed = flags.map((flag) => flag.name);
      const parents = await db.query<{ parent: string }>(
        `SELECT DISTINCT d.parent FROM flag_dependencies d JOIN flags c ON c.name = d.child AND c.archived_at IS NULL
          WHERE d.parent = ANY($1) AND NOT d.child = ANY($1) ORDER BY d.parent`,
        [listed],
      );
      const links = await db.query(
        'SELECT 1 FROM flag_dependencies WHERE child = ANY($1) OR parent = ANY($1) LIMIT 1',
        [listed],
      );
      return {
        parentsWithChildFeatures: parents.map((row) => row.parent),
        hasDeletedDependencies: links.length > 0,
      };
    },
    /** Like Unleash, names that match no flag are skipped; a flag of another project is still an error. */
    async setStale(project: string, names: string[], stale: boolean, actor: Actor): Promise<void> {
      await requireProject(db, project);
      const flags = (await store.getMany([...new Set(names)])).filter((flag) => !flag.archivedAt);
      const elsewhere = flags.filter((flag) => flag.project !== project);
      if (elsewhere.length) {
        throw new NotFoundError(
          `These flags are not in project "${project}": ${elsewhere.map((flag) => flag.name).join(', ')}`,
        );
      }
      const service = createFlagService(db);
      for (const flag of flags) await service.apply(flag, { stale }, actor);
    },
    async toggle(
      project: string,
      environment: string,
      names: string[],
      enabled: boolean,
      actor: Actor,
      activateDisabledStrategies = false,
    ): Promise<void> {
      const flags = await requireFlags(project, names);
      if (!(await createFlagEnvironmentStore(db).inProject(project, environment))) {
        throw new NotFoundError(
          `Environment "${environment}" does not exist or is not enabled in project "${project}"`,
        );
      }
      const service = createFlagEnvironmentService(db);
      for (const flag of flags) {
        await service.toggleLoaded(flag, environment, enabled, actor, { activateDisabledStrategies });
      }
    },
  };
}

export type FlagBulkService = ReturnType<typeof createFlagBulkService>;
