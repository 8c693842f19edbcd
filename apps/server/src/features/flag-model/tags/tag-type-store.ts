import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { NameExistsError } from '../../../http/errors.ts';
import type { TagType } from './tag.ts';

type TagTypeRow = TagType & { created_at: Date };

const toTagType = (row: TagTypeRow): TagType => ({
  name: row.name,
  description: row.description,
  icon: row.icon,
  color: row.color,
});

/** The 409 for a tag type name in use, naming the field. */
export function nameTaken(name: string): NameExistsError {
  return new NameExistsError(`A tag type named "${name}" already exists`, [
    { message: `a tag type named "${name}" already exists`, path: '/body/name' },
  ]);
}

export function createTagTypeStore(db: Db) {
  return {
    async list(): Promise<TagType[]> {
      return (await db.query<TagTypeRow>('SELECT * FROM tag_types ORDER BY name')).map(toTagType);
    },
    async get(name: string): Promise<TagType | undefined> {
      const [row] = await db.query<TagTypeRow>('SELECT * FROM tag_types WHERE name = $1', [name]);
      return row && toTagType(row);
    },
    async insert(tagType: TagType): Promise<void> {
      try {
        await db.query('INSERT INTO tag_types (name, description, icon, color) VALUES ($1, $2, $3, $4)', [
          tagType.name,
          tagType.description,
          tagType.icon,
          tagType.color,
        ]);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(tagType.name);
        throw error;
      }
    },
    async update(tagType: TagType): Promise<void> {
      await db.query('UPDATE tag_types SET description = $2, icon = $3, color = $4 WHERE name = $1', [
        tagType.name,
        tagType.description,
        tagType.icon,
        tagType.color,
      ]);
    },
    /** Deletes the type; its tags, and those tags on flags, go with it (foreign keys cascade). */
    async delete(name: string): Promise<void> {
      await db.query('DELETE FROM tag_types WHERE name = $1', [name]);
    },
  };
}
