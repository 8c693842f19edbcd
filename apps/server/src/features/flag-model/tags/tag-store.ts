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

export function createTagStore(db: Db) {
  return {
    async list(type?: string): Promise<Tag[]> {
      return db.query<Tag>(
        'SELECT type, value FROM tags WHERE $1::text IS NULL OR type = $1 ORDER BY type, value',
        [type ?? null],
      );
    },
    async get(tag: Tag): Promise<Tag | undefined> {
      const [row] = await db.query<Tag>('SELECT type, value FROM tags WHERE type = $1 AND value = $2', [
        tag.type,
        tag.value,
      ]);
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
