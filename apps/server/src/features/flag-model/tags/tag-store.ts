import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { NameExistsError } from '../../../http/errors.ts';
import type { Tag } from './tag.ts';

/** The 409 for a tag that exists already. */
export function tagTaken(tag: Tag): NameExistsError {
  return new NameExistsError(`Tag "${tag.type}:${tag.value}" already exists`, [
    { message: `tag "${tag.type}:${tag.value}" already exists`, path: '/body/value' },
  ]);
}

/**
 * A tag the caller may see: on no flag, or on a flag outside the `hidden` projects (at `$1`). A tag only flags of
 * private projects carry is theirs, as it says what they are about.
 */
const VISIBLE = `(NOT EXISTS (SELECT 1 FROM flag_tags ft WHERE ft.tag_type = t.type AND ft.tag_value = t.value)
  OR EXISTS (SELECT 1 FROM flag_tags ft JOIN flags f ON f.name = ft.flag_name
              WHERE ft.tag_type = t.type AND ft.tag_value = t.value AND NOT (f.project_id = ANY($1))))`;

export function createTagStore(db: Db) {
  return {
    async list(type?: string, hidden: readonly string[] = []): Promise<Tag[]> {
      return db.query<Tag>(
        `SELECT t.type, t.value FROM tags t WHERE ($2::text IS NULL OR t.type = $2) AND ${VISIBLE}
          ORDER BY t.type, t.value`,
        [hidden, type ?? null],
      );
    },
    async get(tag: Tag, hidden: readonly string[] = []): Promise<Tag | undefined> {
      const [row] = await db.query<Tag>(
        `SELECT t.type, t.value FROM tags t WHERE t.type = $2 AND t.value = $3 AND ${VISIBLE}`,
        [hidden, tag.type, tag.value],
      );
      return row;
    },
    async insert(tag: Tag): Promise<void> {
      try {
        await db.query('INSERT INTO tags (type, value) VALUES ($1, $2)', [tag.type, tag.value]);
      } catch (error) {
        if (isUniqueViolation(error)) throw tagTaken(tag);
        throw error;
      }
    },
    /** Deletes the tag; flags that carry it lose it (the foreign key cascades). */
    async delete(tag: Tag): Promise<void> {
      await db.query('DELETE FROM tags WHERE type = $1 AND value = $2', [tag.type, tag.value]);
    },
    /** The flags that carry any of the matching tags, for the event that records their removal. */
    async flagsWith(type: string, value?: string): Promise<string[]> {
      const rows = await db.query<{ flag_name: string }>(
        `SELECT DISTINCT flag_name FROM flag_tags WHERE tag_type = $1 AND ($2::text IS NULL OR tag_value = $2)
         ORDER BY flag_name`,
        [type, value ?? null],
      );
      return rows.map((row) => row.flag_name);
    },
  };
}
