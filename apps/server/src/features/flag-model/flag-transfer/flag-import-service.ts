import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import { requireProject } from '../flags/flag-lookup.ts';
import { checkImport } from './flag-import-check.ts';
import { createFlagImportStore, type ImportFacts } from './flag-import-store.ts';
import {
  createMissingDefinitions,
  writeDependencies,
  writeEnvironment,
  writeFlag,
  writeTags,
} from './flag-import-writes.ts';
import type { FlagTransfer, ImportFinding, ImportReport, ImportTarget } from './flag-transfer.ts';

const describeFinding = (finding: ImportFinding) =>
  [finding.message, finding.affectedItems.join(', ')].filter(Boolean).join(' ');

/** The 400 of an import that checkImport found errors in: one detail per error. */
function importRefused(errors: ImportFinding[]): BadDataError {
  const details = errors.map((error) => ({ message: describeFinding(error), path: '/body/data' }));
  return new BadDataError(
    `Nothing was imported: the data has ${errors.length} problem${errors.length === 1 ? '' : 's'}. ${details[0]!.message}`,
    details,
  );
}

/** Old segment ids of the file → ids of the segments with the same names here. */
function segmentIdMap(transfer: FlagTransfer, facts: ImportFacts): Map<number, number> {
  const ids = new Map<number, number>();
  for (const segment of transfer.segments) {
    const found = facts.segments.get(segment.name);
    if (found) ids.set(segment.id, found.id);
  }
  return ids;
}

/** Checking and running imports into one project and environment; build it inside a transaction to import. */
export function createFlagImportService(db: Db) {
  const store = createFlagImportStore(db);

  async function requireTarget(target: ImportTarget): Promise<void> {
    if (!(await store.projectExists(target.project))) {
      const message = `Could not find project "${target.project}"`;
      throw new NotFoundError(message, [{ message, path: '/body/project' }]);
    }
    if (!(await store.environmentInProject(target.project, target.environment))) {
      const message = (await store.environmentExists(target.environment))
        ? `Environment "${target.environment}" is not enabled in project "${target.project}"`
        : `Could not find environment "${target.environment}"`;
      throw new NotFoundError(message, [{ message, path: '/body/environment' }]);
    }
  }

  return {
    /** What an import would do and what stops it; changes nothing. */
    async validate(transfer: FlagTransfer, target: ImportTarget): Promise<ImportReport> {
      await requireTarget(target);
      return checkImport(transfer, await store.facts(transfer, target.project));
    },

    /** Refuses with a 400 naming every error the check finds; otherwise writes everything, recording events. */
    async import(transfer: FlagTransfer, target: ImportTarget, actor: Actor): Promise<void> {
      await requireTarget(target);
      const facts = await store.facts(transfer, target.project);
      const { errors } = checkImport(transfer, facts);
      if (errors.length) throw importRefused(errors);

      const { project, environment } = target;
      const context = {
        segmentIds: segmentIdMap(transfer, facts),
        defaultStickiness: (await requireProject(db, project)).default_stickiness,
      };
      await createMissingDefinitions(db, transfer, facts, actor);
      for (const imported of transfer.flags) {
        const flag = await writeFlag(db, project, imported, actor);
        const strategies = transfer.strategies.filter((strategy) => strategy.flagName === flag.name);
        const state = transfer.environments.find((entry) => entry.flagName === flag.name);
        await writeEnvironment(db, flag, environment, { strategies, state }, context, actor);
        const tags = transfer.tags.filter((tag) => tag.flagName === flag.name);
        await writeTags(db, flag, tags, actor);
      }
      const names = transfer.flags.map((flag) => flag.name);
      await writeDependencies(db, project, names, transfer.dependencies, actor);
      await createEventStore(db).append({
        type: 'features-imported',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project,
        environment,
        data: { features: names },
      });
    },
  };
}
