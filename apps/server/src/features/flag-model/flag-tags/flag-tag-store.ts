import type { Db } from '../../../db/db.ts';
import type { Tag } from './flag-tag.ts';

export type TaggedFlag = { name: string; project: string };

export function createFlagTagStore(db: Db) {
  return {
    async projectExists(id: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM projects WHERE id = $1', [id])).length > 0;
    },
    async findFlags(names: string[]): Promise<TaggedFlag[]> {
      const rows = await db.query<{ name: string; project_id: string }>(
        'SELECT name, project_id FROM flags WHERE name = ANY($1) ORDER BY name',
        [names],
      );
      return rows.map((row) => ({ name: row.name, project: row.project_id }));
    },
    /** The tag types among `types` that do not exist. */
    async missingTagTypes(types: string[]): Promise<string[]> {
      const rows = await db.query<{ name: string }>('SELECT name FROM tag_types WHERE name = ANY($1)', [
        types,
      ]);
      return types.filter((type) => !rows.some((row) => row.name === type));
    },
    /** Creates the tags that do not exist yet and returns those it created. */
    async createMissingTags(tags: Tag[]): Promise<Tag[]> {
      const created: Tag[] = [];
      for (const tag of tags) {
        const rows = await db.query<Tag>(
          'INSERT INTO tags (type, value) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING type, value',
          [tag.type, tag.value],
        );
        created.push(...rows);
      }
      return created;
    },
    async tagsOf(flagName: string): Promise<Tag[]> {
      return db.query<Tag>(
        'SELECT tag_type AS type, tag_value AS value FROM flag_tags WHERE flag_name = $1 ORDER BY created_at, tag_type, tag_value',
        [flagName],
      );
    },
    /** Returns whether the flag did not carry the tag before. */
    async add(flagName: string, tag: Tag): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO flag_tags (flag_name, tag_type, tag_value) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING flag_name`,
        [flagName, tag.type, tag.value],
      );
      return rows.length > 0;
    },
    /** Returns whether the flag carried the tag. */
    async remove(flagName: string, tag: Tag): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM flag_tags WHERE flag_name = $1 AND tag_type = $2 AND tag_value = $3 RETURNING flag_name',
        [flagName, tag.type, tag.value],
      );
      return rows.length > 0;
    },
  };
}
