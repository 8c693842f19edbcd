import type { Db } from '../../../db/db.ts';
import { BadDataError, InvalidOperationError, NotFoundError } from '../../../http/errors.ts';
import { createEventStore } from '../events/event-store.ts';
import type { Actor } from '../events/actor.ts';
import { distinctTags, FeatureHasTagError, type Tag, type TagChanges, tagKey } from './flag-tag.ts';
import { createFlagTagStore, type TaggedFlag } from './flag-tag-store.ts';

const quoteList = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

/** Tags on flags. Adding a tag that does not exist yet creates it, as in Unleash; its tag type must exist. */
export function createFlagTagService(db: Db) {
  const store = createFlagTagStore(db);
  const events = createEventStore(db);

  async function findFlag(name: string): Promise<TaggedFlag> {
    const [flag] = await store.findFlags([name]);
    if (!flag) throw new NotFoundError(`Could not find flag "${name}"`);
    return flag;
  }

  /**
   * Creates missing tags (recording tag-created) after checking their tag types; `path` names the field in errors.
   * A tag created by tagging flags of one project is recorded in that project, so its event is as private as they are.
   */
  async function prepareTags(tags: Tag[], path: string, by: Actor, flags: TaggedFlag[]): Promise<void> {
    const missing = await store.missingTagTypes([...new Set(tags.map((tag) => tag.type))]);
    if (missing.length) {
      const message = `Tag type ${quoteList(missing)} does not exist`;
      throw new BadDataError(message, [{ message, path }]);
    }
    const projects = new Set(flags.map((flag) => flag.project));
    const project = projects.size === 1 ? flags[0]!.project : null;
    for (const tag of await store.createMissingTags(tags)) {
      await events.append({
        type: 'tag-created',
        createdBy: by.name,
        createdByUserId: by.userId,
        project,
        data: tag,
      });
    }
  }

  async function tagged(flag: TaggedFlag, tag: Tag, by: Actor): Promise<void> {
    await events.append({
      type: 'feature-tagged',
      createdBy: by.name,
      createdByUserId: by.userId,
      project: flag.project,
      flagName: flag.name,
      data: tag,
    });
  }

  async function untagged(flag: TaggedFlag, tag: Tag, before: Tag[], by: Actor): Promise<void> {
    await events.append({
      type: 'feature-untagged',
      createdBy: by.name,
      createdByUserId: by.userId,
      project: flag.project,
      flagName: flag.name,
      preData: tag,
      tags: before,
    });
  }

  /** Adds, then removes; tags a flag already has, or lacks, are skipped, so only real changes are recorded. */
  async function apply(flags: TaggedFlag[], changes: TagChanges, by: Actor, path: string): Promise<void> {
    const added = distinctTags(changes.addedTags);
    const removed = distinctTags(changes.removedTags);
    if (added.length) await prepareTags(added, path, by, flags);
    for (const flag of flags) {
      for (const tag of added) if (await store.add(flag.name, tag)) await tagged(flag, tag, by);
      const before = removed.length ? await store.tagsOf(flag.name) : [];
      for (const tag of removed) {
        if (await store.remove(flag.name, tag)) await untagged(flag, tag, before, by);
      }
    }
  }

  return {
    async list(flagName: string): Promise<Tag[]> {
      await findFlag(flagName);
      return store.tagsOf(flagName);
    },
    /** Tags one flag; a tag it already carries is a 409, as in Unleash. */
    async add(flagName: string, tag: Tag, by: Actor): Promise<Tag> {
      const flag = await findFlag(flagName);
      await prepareTags([tag], '/body/type', by, [flag]);
      if (!(await store.add(flag.name, tag))) {
        throw new FeatureHasTagError(`${flag.name} already has the tag: [${tagKey(tag)}]`);
      }
      await tagged(flag, tag, by);
      return { type: tag.type, value: tag.value };
    },
    /** Removing a tag the flag does not carry succeeds and records nothing. */
    async remove(flagName: string, tag: Tag, by: Actor): Promise<void> {
      const flag = await findFlag(flagName);
      const before = await store.tagsOf(flag.name);
      if (await store.remove(flag.name, tag)) await untagged(flag, tag, before, by);
    },
    async update(flagName: string, changes: TagChanges, by: Actor): Promise<Tag[]> {
      const flag = await findFlag(flagName);
      await apply([flag], changes, by, '/body/addedTags');
      return store.tagsOf(flag.name);
    },
    /** The same changes on several flags of one project, all or none. */
    async updateMany(projectId: string, names: string[], changes: TagChanges, by: Actor): Promise<void> {
      if (!(await store.projectExists(projectId))) {
        throw new NotFoundError(`Could not find project "${projectId}"`);
      }
      const unique = [...new Set(names)];
      const flags = await store.findFlags(unique);
      const missing = unique.filter((name) => !flags.some((flag) => flag.name === name));
      if (missing.length) {
        const message = `Could not find the flags ${quoteList(missing)}`;
        throw new NotFoundError(message, [{ message, path: '/body/features' }]);
      }
      const elsewhere = flags.filter((flag) => flag.project !== projectId).map((flag) => flag.name);
      if (elsewhere.length) {
        throw new InvalidOperationError(
          `The flags ${quoteList(elsewhere)} are not in project "${projectId}" named in the URL.`,
        );
      }
      await apply(flags, changes, by, '/body/tags/addedTags');
    },
  };
}
