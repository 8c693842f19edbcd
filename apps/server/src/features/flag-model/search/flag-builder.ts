import type { Db } from '../../../db/db.ts';

/** What a test says about a flag; everything has a default so tests name only what they assert on. */
export type FlagSpec = {
  name: string;
  project?: string;
  type?: string;
  description?: string | null;
  stale?: boolean;
  archived?: boolean;
  createdAt?: Date;
  lastSeenAt?: Date | null;
  createdByUserId?: number | null;
  /** Environment name → enabled. Defaults to every environment of the project, disabled. */
  environments?: Record<string, boolean>;
  /** Strategies per environment; `disabled: true` stores a paused strategy. */
  strategies?: { environment: string; name?: string; disabled?: boolean; variants?: string[] }[];
  /** Environment variants by name, stored on every listed environment. */
  variants?: string[];
  tags?: { type: string; value: string }[];
};

let strategyCounter = 0;

/**
 * Inserts a flag and its rows with plain SQL, so tests of archive, dependencies, tags and search do not depend on
 * the flag-management API. Tag types must exist; tags are created when missing.
 */
export async function insertFlag(db: Db, spec: FlagSpec): Promise<void> {
  const project = spec.project ?? 'default';
  await db.query(
    `INSERT INTO flags (name, project_id, type, description, stale, created_at, archived_at, last_seen_at, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      spec.name,
      project,
      spec.type ?? 'release',
      spec.description ?? null,
      spec.stale ?? false,
      spec.createdAt ?? new Date(),
      spec.archived ? new Date() : null,
      spec.lastSeenAt ?? null,
      spec.createdByUserId ?? null,
    ],
  );
  const environments =
    spec.environments ??
    Object.fromEntries(
      (
        await db.query<{ environment_name: string }>(
          'SELECT environment_name FROM project_environments WHERE project_id = $1',
          [project],
        )
      ).map((row) => [row.environment_name, false]),
    );
  const variants = JSON.stringify(
    (spec.variants ?? []).map((name) => ({
      name,
      weight: 1000,
      weightType: 'variable',
      stickiness: 'default',
    })),
  );
  for (const [environment, enabled] of Object.entries(environments)) {
    await db.query(
      'INSERT INTO flag_environments (flag_name, environment_name, enabled, variants) VALUES ($1, $2, $3, $4)',
      [spec.name, environment, enabled, variants],
    );
  }
  for (const strategy of spec.strategies ?? []) {
    strategyCounter += 1;
    await db.query(
      `INSERT INTO flag_strategies (id, flag_name, environment_name, strategy_name, disabled, variants)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        `test-strategy-${process.pid}-${strategyCounter}`,
        spec.name,
        strategy.environment,
        strategy.name ?? 'default',
        strategy.disabled ?? false,
        JSON.stringify(
          (strategy.variants ?? []).map((name) => ({ name, weight: 1000, stickiness: 'default' })),
        ),
      ],
    );
  }
  for (const tag of spec.tags ?? []) {
    await db.query('INSERT INTO tags (type, value) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      tag.type,
      tag.value,
    ]);
    await db.query('INSERT INTO flag_tags (flag_name, tag_type, tag_value) VALUES ($1, $2, $3)', [
      spec.name,
      tag.type,
      tag.value,
    ]);
  }
}

/** Creates a project with the development and production environments, as a new project gets them. */
export async function insertProject(db: Db, id: string): Promise<void> {
  await db.query('INSERT INTO projects (id, name) VALUES ($1, $1)', [id]);
  await db.query(
    `INSERT INTO project_environments (project_id, environment_name)
     SELECT $1, name FROM environments WHERE name IN ('development', 'production')`,
    [id],
  );
}

/** How many events of one type were written, optionally for one flag. */
export async function countEvents(db: Db, type: string, flagName?: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events WHERE type = $1 AND ($2::text IS NULL OR feature_name = $2)`,
    [type, flagName ?? null],
  );
  return row!.n;
}
