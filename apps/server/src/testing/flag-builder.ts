/**
 * Builders that write flags, projects and segments straight into the tables, so tests of everything that reads or
 * changes flags do not depend on the flag-management API (whose own tests create flags through it).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { createEventStore } from '../features/flag-model/events/event-store.ts';

export type StrategySpec = {
  /** Defaults to `default`. */
  name?: string;
  parameters?: Record<string, string>;
  constraints?: unknown[];
  variants?: unknown[];
  /** Segment ids the strategy uses. */
  segments?: number[];
  /** Stores a paused strategy. */
  disabled?: boolean;
};

export type EnvironmentSpec = {
  enabled: boolean;
  strategies?: StrategySpec[];
  variants?: unknown[];
};

/** What a test says about a flag; everything has a default so tests name only what they assert on. */
export type FlagSpec = {
  name: string;
  /** Defaults to `default`. */
  project?: string;
  /** Defaults to `release`. */
  type?: string;
  description?: string | null;
  impressionData?: boolean;
  stale?: boolean;
  /** `true` archives the flag now, a date archives it then. */
  archived?: boolean | Date;
  /** Defaults to now. */
  createdAt?: Date;
  lastSeenAt?: Date | null;
  createdByUserId?: number | null;
  /** Environment name → enabled, or its strategies and variants too. The flag has no row in other environments. */
  environments?: Record<string, boolean | EnvironmentSpec>;
  /** Tag types and tags are created when missing. */
  tags?: { type: string; value: string }[];
  /**
   * Whether to append a `feature-created` event, as the Admin API would, so caches notice. Tests that assert on a
   * project's whole event log say `false`.
   */
  recordEvent?: boolean;
};

/**
 * Stores a flag with its environments, strategies and tags in one transaction, and returns the ids of its
 * strategies in the order the spec lists them.
 */
export async function buildFlag(db: Db, spec: FlagSpec): Promise<{ strategyIds: string[] }> {
  const project = spec.project ?? 'default';
  const strategyIds: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO flags (name, project_id, type, description, impression_data, stale, created_at, archived_at,
                          last_seen_at, created_by_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        spec.name,
        project,
        spec.type ?? 'release',
        spec.description ?? null,
        spec.impressionData ?? false,
        spec.stale ?? false,
        spec.createdAt ?? new Date(),
        spec.archived instanceof Date ? spec.archived : spec.archived ? new Date() : null,
        spec.lastSeenAt ?? null,
        spec.createdByUserId ?? null,
      ],
    );
    for (const [environment, value] of Object.entries(spec.environments ?? {})) {
      const config: EnvironmentSpec = typeof value === 'boolean' ? { enabled: value } : value;
      await tx.query(
        'INSERT INTO flag_environments (flag_name, environment_name, enabled, variants) VALUES ($1, $2, $3, $4)',
        [spec.name, environment, config.enabled, JSON.stringify(config.variants ?? [])],
      );
      for (const [index, strategy] of (config.strategies ?? []).entries()) {
        strategyIds.push(await insertStrategy(tx, spec.name, environment, strategy, index));
      }
    }
    for (const { type, value } of spec.tags ?? []) {
      await tx.query('INSERT INTO tag_types (name) VALUES ($1) ON CONFLICT DO NOTHING', [type]);
      await tx.query('INSERT INTO tags (type, value) VALUES ($1, $2) ON CONFLICT DO NOTHING', [type, value]);
      await tx.query('INSERT INTO flag_tags (flag_name, tag_type, tag_value) VALUES ($1, $2, $3)', [
        spec.name,
        type,
        value,
      ]);
    }
    if (spec.recordEvent ?? true) {
      await createEventStore(tx).append({
        type: 'feature-created',
        createdBy: 'test',
        project,
        flagName: spec.name,
      });
    }
  });
  return { strategyIds };
}

async function insertStrategy(
  db: Db,
  flag: string,
  environment: string,
  strategy: StrategySpec,
  sortOrder: number,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO flag_strategies (id, flag_name, environment_name, strategy_name, parameters, constraints, variants,
                                  sort_order, disabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      id,
      flag,
      environment,
      strategy.name ?? 'default',
      JSON.stringify(strategy.parameters ?? {}),
      JSON.stringify(strategy.constraints ?? []),
      JSON.stringify(strategy.variants ?? []),
      sortOrder,
      strategy.disabled ?? false,
    ],
  );
  for (const segment of strategy.segments ?? []) {
    await db.query('INSERT INTO flag_strategy_segments (strategy_id, segment_id) VALUES ($1, $2)', [
      id,
      segment,
    ]);
  }
  return id;
}

/** Creates a project with the development and production environments, as a new project gets them. */
export async function buildProject(db: Db, id: string): Promise<void> {
  await db.query('INSERT INTO projects (id, name) VALUES ($1, $1)', [id]);
  await db.query(
    `INSERT INTO project_environments (project_id, environment_name)
     SELECT $1, name FROM environments WHERE name IN ('development', 'production')`,
    [id],
  );
}

/**
 * A segment for every project, or (with `project`) one only that project's flags may use. `recordEvent: false`
 * leaves the event out, for a store whose events table is older than this version's event store.
 */
export async function buildSegment(
  db: Db,
  name: string,
  constraints: unknown[],
  options: { project?: string; recordEvent?: boolean } = {},
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO segments (name, constraints, project_id) VALUES ($1, $2, $3) RETURNING id',
    [name, JSON.stringify(constraints), options.project ?? null],
  );
  if (options.recordEvent ?? true) {
    await createEventStore(db).append({ type: 'segment-created', createdBy: 'test', data: { id: row!.id } });
  }
  return row!.id;
}
