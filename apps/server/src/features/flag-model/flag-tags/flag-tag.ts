import { NameExistsError } from '../../../http/errors.ts';

/** A label on a flag: a value of a tag type, such as `simple:team-checkout`. */
export type Tag = { type: string; value: string };

/** Tags to add to flags, then tags to remove from them. */
export type TagChanges = { addedTags: Tag[]; removedTags: Tag[] };

/** 409 with Unleash's error name, for a flag that already carries the tag. */
export class FeatureHasTagError extends NameExistsError {}

export const tagKey = (tag: Tag) => `${tag.type}:${tag.value}`;

/** The tags without repeats, first occurrence kept. */
export function distinctTags(tags: Tag[]): Tag[] {
  const seen = new Map<string, Tag>();
  for (const tag of tags)
    if (!seen.has(tagKey(tag))) seen.set(tagKey(tag), { type: tag.type, value: tag.value });
  return [...seen.values()];
}
