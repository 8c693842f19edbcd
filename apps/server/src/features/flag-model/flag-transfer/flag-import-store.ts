import type { Db } from '../../../db/db.ts';
import type { LegalValue } from '../context/context-field.ts';
import type { FlagTransfer } from './flag-transfer.ts';
import { referencedContextFields } from './flag-transfer.ts';

/** What an import check needs to know about the target instance. */
export type ImportFacts = {
  project: { id: string; featureLimit: number | null; activeFlags: number };
  /** Existing flags among those the import names (as flags or as parents), archived ones included. */
  flags: Map<string, { project: string; archived: boolean }>;
  strategyTypes: Map<string, { builtIn: boolean }>;
  /** Existing context fields among those the import names or refers to. */
  contextFields: Map<string, { legalValues: string[]; project: string | null }>;
  /** Existing segments with the names the import lists. */
  segments: Map<string, { id: number; project: string | null }>;
  flagTypes: Set<string>;
  tagTypes: Set<string>;
  /** Existing dependency links touching any flag the import names. */
  links: { parent: string; child: string }[];
};

/** Reads of the target instance for checking and running an import. */
export function createFlagImportStore(db: Db) {
  return {
    async projectExists(id: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM projects WHERE id = $1', [id])).length > 0;
    },
    async environmentExists(name: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM environments WHERE name = $1', [name])).length > 0;
    },
    async environmentInProject(project: string, environment: string): Promise<boolean> {
      const rows = await db.query(
        'SELECT 1 FROM project_environments WHERE project_id = $1 AND environment_name = $2',
        [project, environment],
      );
      return rows.length > 0;
    },

    async facts(transfer: FlagTransfer, projectId: string): Promise<ImportFacts> {
      const flagNames = [
        ...new Set([
          ...transfer.flags.map((flag) => flag.name),
          ...transfer.dependencies.map((dependency) => dependency.parent),
        ]),
      ];
      const fieldNames = [
        ...new Set([
          ...transfer.contextFields.map((field) => field.name),
          ...referencedContextFields(transfer.strategies, transfer.environments),
        ]),
      ];
      const [project] = await db.query<{ feature_limit: number | null; active: number }>(
        `SELECT feature_limit,
                (SELECT count(*)::int FROM flags WHERE project_id = $1 AND archived_at IS NULL) AS active
           FROM projects WHERE id = $1`,
        [projectId],
      );
      const flags = await db.query<{ name: string; project_id: string; archived_at: Date | null }>(
        'SELECT name, project_id, archived_at FROM flags WHERE name = ANY($1)',
        [flagNames],
      );
      const strategyTypes = await db.query<{ name: string; built_in: boolean }>(
        'SELECT name, built_in FROM strategy_definitions',
      );
      const fields = await db.query<{
        name: string;
        legal_values: (LegalValue | string)[];
        project_id: string | null;
      }>('SELECT name, legal_values, project_id FROM context_fields WHERE name = ANY($1)', [fieldNames]);
      const segments = await db.query<{ id: number; name: string; project_id: string | null }>(
        'SELECT id, name, project_id FROM segments WHERE name = ANY($1)',
        [transfer.segments.map((segment) => segment.name)],
      );
      const flagTypes = await db.query<{ id: string }>('SELECT id FROM flag_types');
      const tagTypes = await db.query<{ name: string }>('SELECT name FROM tag_types');
      const links = await db.query<{ parent: string; child: string }>(
        'SELECT parent, child FROM flag_dependencies WHERE parent = ANY($1) OR child = ANY($1)',
        [flagNames],
      );
      return {
        project: {
          id: projectId,
          featureLimit: project?.feature_limit ?? null,
          activeFlags: project?.active ?? 0,
        },
        flags: new Map(
          flags.map((row) => [row.name, { project: row.project_id, archived: row.archived_at !== null }]),
        ),
        strategyTypes: new Map(strategyTypes.map((row) => [row.name, { builtIn: row.built_in }])),
        contextFields: new Map(
          fields.map((row) => [
            row.name,
            {
              legalValues: row.legal_values.map((legal) => (typeof legal === 'string' ? legal : legal.value)),
              project: row.project_id,
            },
          ]),
        ),
        segments: new Map(segments.map((row) => [row.name, { id: row.id, project: row.project_id }])),
        flagTypes: new Set(flagTypes.map((row) => row.id)),
        tagTypes: new Set(tagTypes.map((row) => row.name)),
        links,
      };
    },

    /** The parent of each of these flags that has one, with how it depends on it. */
    async parentsOf(
      children: string[],
    ): Promise<Map<string, { parent: string; enabled: boolean; variants: string[] }>> {
      const rows = await db.query<{ parent: string; child: string; enabled: boolean; variants: string[] }>(
        'SELECT parent, child, enabled, variants FROM flag_dependencies WHERE child = ANY($1)',
        [children],
      );
      return new Map(rows.map((row) => [row.child, row]));
    },
  };
}
