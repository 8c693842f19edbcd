import type { Db } from '../../../db/db.ts';
import { InvalidOperationError, NotFoundError } from '../../../http/errors.ts';
import { createEventStore } from '../events/event-store.ts';
import type { Actor } from '../events/actor.ts';
import { type ArchivedFlag, toDeletedFlagData } from './archived-flag.ts';
import { createArchiveStore } from './archive-store.ts';
import { mentionProject } from '../../../http/project-mention.ts';

const quoteList = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

/** Deleting archived flags for good and reviving them; build it inside a transaction. */
export function createArchiveService(db: Db) {
  const store = createArchiveStore(db);
  const events = createEventStore(db);

  async function findOne(name: string): Promise<ArchivedFlag> {
    const [flag] = await store.findFlags([name]);
    if (!flag) throw new NotFoundError(`Could not find flag "${name}"`);
    return flag;
  }

  /** Checks a bulk request: every flag exists, belongs to the project in the URL and is archived. */
  async function findBatch(projectId: string, names: string[]): Promise<ArchivedFlag[]> {
    if (!(await store.projectExists(projectId))) {
      throw new NotFoundError(`Could not find project "${projectId}"`);
    }
    const unique = [...new Set(names)];
    const flags = await store.findFlags(unique);
    const missing = unique.filter((name) => !flags.some((flag) => flag.name === name));
    if (missing.length) {
      throw new NotFoundError(`Could not find the flags ${quoteList(missing)}`, [
        { message: `Could not find the flags ${quoteList(missing)}`, path: '/body/features' },
      ]);
    }
    const elsewhere = [...new Set(flags.filter((f) => f.project !== projectId).map((f) => f.project))];
    if (elsewhere.length) {
      throw new InvalidOperationError(
        `The flags exist, but in ${elsewhere.map(mentionProject).join(', ')}, not in project "${projectId}" named in the URL.`,
      );
    }
    requireArchived(flags);
    return flags;
  }

  function requireArchived(flags: ArchivedFlag[]): void {
    const active = flags.filter((flag) => flag.archivedAt === null).map((flag) => flag.name);
    if (active.length) {
      throw new InvalidOperationError(
        `Only archived flags can be deleted or revived; ${quoteList(active)} ${active.length > 1 ? 'are' : 'is'} not archived.`,
      );
    }
  }

  async function remove(flags: ArchivedFlag[], actor: Actor): Promise<void> {
    const names = flags.map((flag) => flag.name);
    const dependents = await store.dependentsOutside(names);
    if (dependents.length) {
      throw new InvalidOperationError(
        `You can not delete ${quoteList(names)} since other flags depend on ${names.length > 1 ? 'them' : 'it'}: ${quoteList(dependents.map((d) => d.child))}.`,
      );
    }
    const tags = await store.tagsOf(names);
    await store.deleteArchived(names);
    for (const flag of flags) {
      await events.append({
        type: 'feature-deleted',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: flag.project,
        flagName: flag.name,
        preData: toDeletedFlagData(flag),
        tags: tags.get(flag.name) ?? [],
      });
    }
  }

  async function revive(flags: ArchivedFlag[], actor: Actor): Promise<void> {
    await store.revive(flags.map((flag) => flag.name));
    for (const flag of flags) {
      await events.append({
        type: 'feature-revived',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: flag.project,
        flagName: flag.name,
        data: { name: flag.name },
      });
    }
  }

  return {
    async deleteFlag(name: string, actor: Actor): Promise<void> {
      const flag = await findOne(name);
      requireArchived([flag]);
      await remove([flag], actor);
    },
    async reviveFlag(name: string, actor: Actor): Promise<void> {
      const flag = await findOne(name);
      requireArchived([flag]);
      await revive([flag], actor);
    },
    async deleteFlags(projectId: string, names: string[], actor: Actor): Promise<void> {
      await remove(await findBatch(projectId, names), actor);
    },
    async reviveFlags(projectId: string, names: string[], actor: Actor): Promise<void> {
      await revive(await findBatch(projectId, names), actor);
    },
  };
}
