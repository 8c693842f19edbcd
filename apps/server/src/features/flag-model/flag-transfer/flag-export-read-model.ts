import type { Db } from '../../../db/db.ts';
import type { ContextFieldRow as StoredContextFieldRow } from '../context/context-field-store.ts';
import type { Variant } from '../flags/flag.ts';
import type { FlagRow as StoredFlagRow } from '../flags/flag-store.ts';
import { createFlagStrategyStore } from '../flags/flag-strategy-store.ts';
import type { TagType } from '../tags/tag.ts';
import {
  byCodeUnits,
  type ExportSelection,
  type FlagTransfer,
  referencedContextFields,
  type TransferEnvironment,
  type TransferFlag,
} from './flag-transfer.ts';

type FlagRow = Pick<
  StoredFlagRow,
  'name' | 'project_id' | 'type' | 'description' | 'stale' | 'impression_data'
>;

type ContextFieldRow = Omit<StoredContextFieldRow, 'created_at' | 'used_in_flags' | 'used_in_projects'>;

/** Splits `type:value`; a bare value matches that value in any tag type. */
function parseTag(tag: string | undefined): { type: string | null; value: string | null } {
  if (tag === undefined) return { type: null, value: null };
  const colon = tag.indexOf(':');
  return colon < 0 ? { type: null, value: tag } : { type: tag.slice(0, colon), value: tag.slice(colon + 1) };
}

/** Reads a set of flags with everything an export holds, across the flags, tags, segments and context features. */
export function createFlagExportReadModel(db: Db) {
  return {
    /** The active flags the selection names, sorted by name. */
    async selectFlags(selection: ExportSelection): Promise<TransferFlag[]> {
      const tag = parseTag(selection.tag);
      const rows = await db.query<FlagRow>(
        `SELECT f.name, f.project_id, f.type, f.description, f.stale, f.impression_data FROM flags f
          WHERE f.archived_at IS NULL
            AND ($1::text[] IS NULL OR f.name = ANY($1))
            AND ($2::text IS NULL OR f.project_id = $2)
            AND ($4::text IS NULL OR EXISTS (
                  SELECT 1 FROM flag_tags t WHERE t.flag_name = f.name AND t.tag_value = $4
                     AND ($3::text IS NULL OR t.tag_type = $3)))`,
        [selection.flags ?? null, selection.project ?? null, tag.type, tag.value],
      );
      return rows
        .map((row) => ({
          name: row.name,
          project: row.project_id,
          type: row.type,
          description: row.description,
          stale: row.stale,
          impressionData: row.impression_data,
        }))
        .sort((a, b) => byCodeUnits(a.name, b.name));
    },

    async environmentExists(name: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM environments WHERE name = $1', [name])).length > 0;
    },

    async projectExists(id: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM projects WHERE id = $1', [id])).length > 0;
    },

    /** Everything about these flags in the environment. */
    async read(flags: TransferFlag[], environment: string): Promise<FlagTransfer> {
      const names = flags.map((flag) => flag.name);
      const position = new Map(names.map((name, index) => [name, index]));
      const byFlag = <T extends { flagName: string }>(items: T[]) =>
        items
          .map((item, index) => ({ item, index }))
          .sort(
            (a, b) => position.get(a.item.flagName)! - position.get(b.item.flagName)! || a.index - b.index,
          )
          .map(({ item }) => item);

      const strategies = byFlag(
        (await createFlagStrategyStore(db).listForFlags(names, environment)).map((strategy) => ({
          id: strategy.id,
          flagName: strategy.flagName,
          name: strategy.name,
          title: strategy.title,
          sortOrder: strategy.sortOrder,
          disabled: strategy.disabled,
          parameters: strategy.parameters,
          constraints: strategy.constraints,
          variants: strategy.variants,
          segments: strategy.segments,
        })),
      );

      const stateRows = await db.query<{ flag_name: string; enabled: boolean; variants: Variant[] }>(
        'SELECT flag_name, enabled, variants FROM flag_environments WHERE flag_name = ANY($1) AND environment_name = $2',
        [names, environment],
      );
      const environments: TransferEnvironment[] = names.map((name) => {
        const row = stateRows.find((state) => state.flag_name === name);
        return { flagName: name, enabled: row?.enabled ?? false, variants: row?.variants ?? [] };
      });

      const fieldRows = await db.query<ContextFieldRow>(
        `SELECT name, description, legal_values, stickiness, sort_order, project_id FROM context_fields
          WHERE name = ANY($1)`,
        [referencedContextFields(strategies, environments)],
      );
      const contextFields = fieldRows
        .map((row) => ({
          name: row.name,
          description: row.description,
          stickiness: row.stickiness,
          sortOrder: row.sort_order,
          legalValues: row.legal_values,
          project: row.project_id,
        }))
        .sort((a, b) => a.sortOrder - b.sortOrder || byCodeUnits(a.name, b.name));

      const tagRows = await db.query<{ flag_name: string; tag_type: string; tag_value: string }>(
        `SELECT flag_name, tag_type, tag_value FROM flag_tags WHERE flag_name = ANY($1)
          ORDER BY created_at, tag_type, tag_value`,
        [names],
      );
      const tags = byFlag(
        tagRows.map((row) => ({ flagName: row.flag_name, type: row.tag_type, value: row.tag_value })),
      );

      const segmentIds = [...new Set(strategies.flatMap((strategy) => strategy.segments))];
      const segments = await db.query<{ id: number; name: string }>(
        'SELECT id, name FROM segments WHERE id = ANY($1::int[]) ORDER BY id',
        [segmentIds],
      );

      const tagTypes = (
        await db.query<TagType>('SELECT name, description, icon, color FROM tag_types WHERE name = ANY($1)', [
          [...new Set(tags.map((tag) => tag.type))],
        ])
      ).sort((a, b) => byCodeUnits(a.name, b.name));

      const dependencyRows = await db.query<{
        parent: string;
        child: string;
        enabled: boolean;
        variants: string[];
      }>('SELECT parent, child, enabled, variants FROM flag_dependencies WHERE child = ANY($1)', [names]);
      const dependencies = byFlag(dependencyRows.map((row) => ({ ...row, flagName: row.child }))).map(
        ({ parent, child, enabled, variants }) => ({ parent, child, enabled, variants }),
      );

      return { flags, strategies, environments, contextFields, tags, segments, tagTypes, dependencies };
    },
  };
}
