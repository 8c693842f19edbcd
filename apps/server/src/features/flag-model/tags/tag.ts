/** A kind of tag, such as `simple` or `team`, with how the admin UI shows it. */
export type TagType = {
  name: string;
  description: string | null;
  icon: string | null;
  color: string | null;
};

/** A label that can be put on flags: a value within a tag type. */
export type Tag = { type: string; value: string };

export type TagTypeChanges = { description?: string | null; icon?: string | null; color?: string | null };

/** Names must be usable in URLs unescaped, as in Unleash. */
export const TAG_TYPE_NAME_PATTERN = '^[A-Za-z0-9._~-]+$';
/** A color is a hex RGB value such as #1A7F37. */
export const COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';
export const TAG_VALUE_MIN_LENGTH = 2;
export const TAG_VALUE_MAX_LENGTH = 50;
