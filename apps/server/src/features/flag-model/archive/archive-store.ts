import type { Db } from '../../../db/db.ts';
import type { FlagRow as StoredFlagRow } from '../flags/flag-store.ts';
import type { ArchivedFlag } from './archived-flag.ts';

type FlagRow = Omit<StoredFlagRow, 'last_seen_at' | 'created_by_user_id'>;

const toArchivedFlag = (row: FlagRow): ArchivedFlag => ({
  name: row.name,
  project: row.project_id,
  type: row.type,
  description: row.description,
  stale: row.stale,
  impressionData: row.impression_data,
  createdAt: row.created_at,
  archivedAt: row.archived_at,
});

export type FlagTag = { type: string; value: string };

export function createArchiveStore(db: Db) {
  return {
    async projectExists(id: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM projects WHERE id = $1', [id])).length > 0;
    },
    /** The named flags, locked until the transaction ends so two requests cannot revive and delete one flag. */
    async findFlags(names: string[]): Promise<ArchivedFlag[]> {
      const rows = await db.query<FlagRow>(
        `SELECT name, project_id, type, description, stale, impression_data, created_at, archived_at
           FROM flags WHERE name = ANY($1) ORDER BY name FOR UPDATE`,
        [names],
      );
      return rows.map(toArchivedFlag);
    },
    /** Flags that depend on one of `parents` and are not among them: deleting the parents would orphan them. */
    async dependentsOutside(parents: string[]): Promise<{ parent: string; child: string }[]> {
      return db.query<{ parent: string; child: string }>(
        `SELECT parent, child FROM flag_dependencies
          WHERE parent = ANY($1) AND NOT (child = ANY($1)) ORDER BY parent, child`,
        [parents],
      );
    },
    async tagsOf(names: string[]): Promise<Map<string, FlagTag[]>> {
      const rows = await db.query<{ flag_name: string; tag_type: string; tag_value: string }>(
        `SELECT flag_name, tag_type, tag_value FROM flag_tags
          WHERE flag_name = ANY($1) ORDER BY flag_name, tag_type, tag_value`,
        [names],
      );
      const tags = new Map<string, FlagTag[]>();
      for (const row of rows) {
        const list = tags.get(row.flag_name) ?? [];
        list.push({ type: row.tag_type, value: row.tag_value });
        tags.set(row.flag_name, list);
      }
      return tags;
    },
    /** Deletes archived flags for good; their environments, strategies, tags and dependencies cascade. */
    async deleteArchived(names: string[]): Promise<void> {
      await db.query('DELETE FROM flags WHERE name = ANY($1) AND archived_at IS NOT NULL', [names]);
    },
    /** Brings archived flags back, switched off everywhere so nothing starts serving by surprise. */
    async revive(names: string[]): Promise<void> {
      await db.query('UPDATE flags SET archived_at = NULL WHERE name = ANY($1) AND archived_at IS NOT NULL', [
        names,
      ]);
      await db.query('UPDATE flag_environments SET enabled = false WHERE flag_name = ANY($1)', [names]);
    },
  };
}
