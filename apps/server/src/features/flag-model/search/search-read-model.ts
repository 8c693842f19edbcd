import type { Db } from '../../../db/db.ts';
import type { LifecycleStageName } from '../flags/flag.ts';
import type { SearchQuery } from './search-query.ts';
import { countSql, pageSql } from './search-sql.ts';

/** One environment of a found flag: its state there and whether it has strategies. */
export type SearchEnvironment = {
  name: string;
  enabled: boolean;
  type: string;
  sortOrder: number;
  variantCount: number;
  lastSeenAt: Date | null;
  hasStrategies: boolean;
  hasEnabledStrategies: boolean;
  /** Evaluations reported by SDKs in the last hour. */
  yes: number;
  no: number;
};

/** A flag as the flag table shows it. */
export type SearchFlag = {
  name: string;
  description: string | null;
  type: string;
  project: string;
  stale: boolean;
  favorite: boolean;
  impressionData: boolean;
  createdAt: Date;
  archivedAt: Date | null;
  lastSeenAt: Date | null;
  dependencyType: 'parent' | 'child' | null;
  environments: SearchEnvironment[];
  tags: { type: string; value: string; color: string | null }[];
  segments: string[];
  createdBy: { id: number; name: string };
  lifecycle: { stage: LifecycleStageName; enteredStageAt: Date };
};

type PageRow = {
  name: string;
  /** How many flags the filters match, on every row, when the page was asked with its total. */
  total: number | null;
  description: string | null;
  type: string;
  project_id: string;
  stale: boolean;
  impression_data: boolean;
  created_at: Date;
  archived_at: Date | null;
  last_seen_at: Date | null;
  favorite: boolean;
  user_id: number | null;
  user_name: string | null;
  dependency_type: 'parent' | 'child' | null;
  environments: (Omit<SearchEnvironment, 'lastSeenAt'> & { lastSeenAt: string | null })[];
  tags: { type: string; value: string; color: string | null }[];
  segments: string[];
  lifecycle_stage: LifecycleStageName;
  lifecycle_entered_at: Date;
};

const toSearchFlag = (row: PageRow): SearchFlag => ({
  name: row.name,
  description: row.description,
  type: row.type,
  project: row.project_id,
  stale: row.stale,
  favorite: row.favorite,
  impressionData: row.impression_data,
  createdAt: row.created_at,
  archivedAt: row.archived_at,
  lastSeenAt: row.last_seen_at,
  dependencyType: row.dependency_type,
  environments: row.environments.map((environment) => ({
    ...environment,
    // json_build_object renders numbers from sums and timestamps as text; make them typed again.
    yes: Number(environment.yes),
    no: Number(environment.no),
    lastSeenAt: environment.lastSeenAt ? new Date(environment.lastSeenAt) : null,
  })),
  tags: row.tags,
  segments: [...row.segments].sort(),
  // Unleash shows flags without a known creator as created by "unknown" with id 0.
  createdBy: { id: row.user_id ?? 0, name: row.user_name ?? 'unknown' },
  lifecycle: { stage: row.lifecycle_stage, enteredStageAt: new Date(row.lifecycle_entered_at) },
});

/** The flag table's query across flags, environments, tags, segments, dependencies, favorites and metrics. */
export function createSearchReadModel(db: Db) {
  return {
    /**
     * The page, decorated, and the total. Matching text is the costly part of a scan, so a text search counts in the
     * same statement as its page (one scan); other filters count in a second, cheaper statement, which keeps the
     * page's own sort to the rows it returns.
     */
    async search(query: SearchQuery): Promise<{ flags: SearchFlag[]; total: number }> {
      const oneScan = query.terms.length > 0;
      const page = pageSql(query, oneScan);
      const rows = await db.query<PageRow>(page.text, page.params);
      if (oneScan && rows.length > 0) return { flags: rows.map(toSearchFlag), total: rows[0]!.total ?? 0 };
      if (oneScan && query.offset === 0) return { flags: [], total: 0 };
      const count = countSql(query);
      const [counted] = await db.query<{ total: number }>(count.text, count.params);
      return { flags: rows.map(toSearchFlag), total: counted!.total };
    },

    /**
     * Who created the flags the table can show (archived flags and hidden projects left out), for its "created by"
     * filter: `query` matches anywhere in the name, whatever the case.
     */
    async flagCreators(options: {
      hiddenProjects: string[];
      query?: string;
      limit: number;
    }): Promise<{ creators: { id: number; name: string }[]; total: number }> {
      const rows = await db.query<{ id: number; name: string; total: number }>(
        `WITH creators AS (
           SELECT DISTINCT u.id, COALESCE(u.name, u.username, u.email, 'user ' || u.id) AS name
             FROM flags f JOIN users u ON u.id = f.created_by_user_id
            WHERE f.archived_at IS NULL AND NOT (f.project_id = ANY($1::text[])))
         SELECT id, name, (count(*) OVER ())::int AS total FROM creators
          WHERE $2::text IS NULL OR strpos(lower(name), lower($2)) > 0
          ORDER BY name, id LIMIT $3`,
        [options.hiddenProjects, options.query || null, options.limit],
      );
      return { creators: rows.map(({ id, name }) => ({ id, name })), total: rows[0]?.total ?? 0 };
    },
  };
}
