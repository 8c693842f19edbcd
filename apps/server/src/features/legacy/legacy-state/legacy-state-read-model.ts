import type { Db } from '../../../db/db.ts';
import { type State, STATE_VERSION, type StateParts } from './legacy-state.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Reads the whole configuration as a state file; archived flags are left out, as Unleash left them out. */
export function createLegacyStateReadModel(db: Db) {
  return {
    async export(parts: StateParts): Promise<State> {
      const state: State = {
        version: STATE_VERSION,
        features: [],
        strategies: [],
        projects: [],
        tagTypes: [],
        tags: [],
        featureTags: [],
        environments: [],
        featureStrategies: [],
        featureEnvironments: [],
        segments: [],
      };
      if (parts.featureToggles) {
        const flags = await db.query<{
          name: string;
          description: string | null;
          type: string;
          project_id: string;
          stale: boolean;
          impression_data: boolean;
          created_at: Date;
          last_seen_at: Date | null;
        }>('SELECT * FROM flags WHERE archived_at IS NULL ORDER BY created_at, name');
        state.features = flags.map((flag) => ({
          name: flag.name,
          description: flag.description,
          type: flag.type,
          project: flag.project_id,
          stale: flag.stale,
          impressionData: flag.impression_data,
          createdAt: flag.created_at.toISOString(),
          lastSeenAt: iso(flag.last_seen_at),
        }));
        const strategies = await db.query<{
          id: string;
          flag_name: string;
          project_id: string;
          environment_name: string;
          strategy_name: string;
          title: string | null;
          disabled: boolean;
          parameters: Record<string, string>;
          constraints: State['featureStrategies'][number]['constraints'];
          sort_order: number;
          segment_ids: number[] | null;
        }>(
          `SELECT s.*, f.project_id,
                  (SELECT array_agg(ss.segment_id ORDER BY ss.segment_id) FROM flag_strategy_segments ss
                    WHERE ss.strategy_id = s.id) AS segment_ids
             FROM flag_strategies s JOIN flags f ON f.name = s.flag_name AND f.archived_at IS NULL
            ORDER BY s.flag_name, s.environment_name, s.sort_order, s.created_at, s.id`,
        );
        state.featureStrategies = strategies.map((row) => ({
          id: row.id,
          featureName: row.flag_name,
          projectId: row.project_id,
          environment: row.environment_name,
          strategyName: row.strategy_name,
          title: row.title,
          disabled: row.disabled,
          parameters: row.parameters,
          constraints: row.constraints,
          sortOrder: row.sort_order,
          segments: row.segment_ids ?? [],
        }));
        const environments = await db.query<{
          flag_name: string;
          environment_name: string;
          enabled: boolean;
          variants: unknown[];
        }>(
          `SELECT fe.* FROM flag_environments fe JOIN flags f ON f.name = fe.flag_name AND f.archived_at IS NULL
            ORDER BY fe.flag_name, fe.environment_name`,
        );
        state.featureEnvironments = environments.map((row) => ({
          featureName: row.flag_name,
          environment: row.environment_name,
          enabled: row.enabled,
          variants: row.variants,
        }));
        const segments = await db.query<{
          id: number;
          name: string;
          description: string | null;
          project_id: string | null;
          constraints: State['segments'][number]['constraints'];
        }>('SELECT * FROM segments ORDER BY id');
        state.segments = segments.map((row) => ({
          id: row.id,
          name: row.name,
          description: row.description,
          project: row.project_id,
          constraints: row.constraints,
        }));
      }
      if (parts.strategies) {
        const rows = await db.query<{
          name: string;
          title: string | null;
          description: string | null;
          parameters: NonNullable<State['strategies'][number]['parameters']>;
          built_in: boolean;
          deprecated: boolean;
        }>('SELECT * FROM strategy_definitions ORDER BY sort_order, name');
        state.strategies = rows.map((row) => ({
          name: row.name,
          title: row.title,
          description: row.description,
          parameters: row.parameters,
          deprecated: row.deprecated,
          builtIn: row.built_in,
        }));
      }
      if (parts.projects) {
        const rows = await db.query<{
          id: string;
          name: string;
          description: string | null;
          created_at: Date;
        }>('SELECT * FROM projects ORDER BY created_at, id');
        state.projects = rows.map((row) => ({
          id: row.id,
          name: row.name,
          description: row.description,
          createdAt: row.created_at.toISOString(),
        }));
      }
      if (parts.tags) {
        state.tagTypes = await db.query('SELECT name, description, icon FROM tag_types ORDER BY name');
        state.tags = await db.query('SELECT type, value FROM tags ORDER BY type, value');
        state.featureTags = await db.query(
          `SELECT t.flag_name AS "featureName", t.tag_type AS "tagType", t.tag_value AS "tagValue"
             FROM flag_tags t JOIN flags f ON f.name = t.flag_name AND f.archived_at IS NULL
            ORDER BY 1, 2, 3`,
        );
      }
      if (parts.environments) {
        state.environments = await db.query(
          `SELECT name, type, sort_order AS "sortOrder", enabled, protected FROM environments
            ORDER BY sort_order, name`,
        );
      }
      return state;
    },
  };
}
