import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import {
  TAG_VALUE_MAX_LENGTH,
  TAG_VALUE_MIN_LENGTH,
  type Tag,
  type TagType,
  type TagTypeChanges,
} from './tag.ts';
import { createTagStore, tagTaken } from './tag-store.ts';
import { createTagTypeStore, nameTaken } from './tag-type-store.ts';

/** Tag types and the tags within them. Deleting either also takes it off every flag that carried it. */
export function createTagService(db: Db) {
  const tagTypes = createTagTypeStore(db);
  const tags = createTagStore(db);
  const events = createEventStore(db);

  async function findType(name: string): Promise<TagType> {
    const tagType = await tagTypes.get(name);
    if (!tagType) throw new NotFoundError(`Could not find a tag type named "${name}"`);
    return tagType;
  }

  /** A tag only flags of `hidden` projects carry is not found. */
  async function findTag(tag: Tag, hidden: readonly string[] = []): Promise<Tag> {
    await findType(tag.type);
    const found = await tags.get(tag, hidden);
    if (!found) throw new NotFoundError(`Could not find tag "${tag.type}:${tag.value}"`);
    return found;
  }

  const append = (type: string, actor: Actor, data: unknown, preData?: unknown) =>
    events.append({ type, createdBy: actor.name, createdByUserId: actor.userId, data, preData });

  return {
    listTypes: () => tagTypes.list(),
    getType: findType,
    async validateType(name: string): Promise<void> {
      if (await tagTypes.get(name)) throw nameTaken(name);
    },
    async createType(input: TagTypeChanges & { name: string }, actor: Actor): Promise<TagType> {
      const tagType: TagType = {
        name: input.name,
        description: input.description ?? null,
        icon: input.icon ?? null,
        color: input.color ?? null,
      };
      if (await tagTypes.get(tagType.name)) throw nameTaken(tagType.name);
      await tagTypes.insert(tagType);
      await append('tag-type-created', actor, tagType);
      return tagType;
    },
    /** Changes the given properties; the ones left out keep their values. */
    async updateType(name: string, changes: TagTypeChanges, actor: Actor): Promise<void> {
      const before = await findType(name);
      const after: TagType = {
        name,
        description: changes.description === undefined ? before.description : changes.description,
        icon: changes.icon === undefined ? before.icon : changes.icon,
        color: changes.color === undefined ? before.color : changes.color,
      };
      await tagTypes.update(after);
      await append('tag-type-updated', actor, after, before);
    },
    async deleteType(name: string, actor: Actor): Promise<void> {
      const tagType = await findType(name);
      const flags = await tags.flagsWith(name);
      await tagTypes.delete(name);
      await append('tag-type-deleted', actor, null, { ...tagType, untaggedFlags: flags });
    },
    /** Every tag (of a type), but those only flags of `hidden` projects carry. */
    async listTags(type?: string, hidden: readonly string[] = []): Promise<Tag[]> {
      if (type !== undefined) await findType(type);
      return tags.list(type, hidden);
    },
    getTag: findTag,
    async createTag(input: Tag, actor: Actor): Promise<Tag> {
      const tag = { type: input.type, value: input.value.trim() };
      if (tag.value.length < TAG_VALUE_MIN_LENGTH || tag.value.length > TAG_VALUE_MAX_LENGTH) {
        const message = `"value" must be ${TAG_VALUE_MIN_LENGTH} to ${TAG_VALUE_MAX_LENGTH} characters without surrounding spaces`;
        throw new BadDataError(message, [{ message, path: '/body/value' }]);
      }
      if (!(await tagTypes.get(tag.type))) {
        throw new BadDataError(`Tag type "${tag.type}" does not exist`, [
          { message: `tag type "${tag.type}" does not exist`, path: '/body/type' },
        ]);
      }
      if (await tags.get(tag)) throw tagTaken(tag);
      await tags.insert(tag);
      await append('tag-created', actor, tag);
      return tag;
    },
    async deleteTag(input: Tag, actor: Actor): Promise<void> {
      const tag = await findTag(input);
      const flags = await tags.flagsWith(tag.type, tag.value);
      await tags.delete(tag);
      await append('tag-deleted', actor, null, { ...tag, untaggedFlags: flags });
    },
  };
}

export type TagService = ReturnType<typeof createTagService>;
