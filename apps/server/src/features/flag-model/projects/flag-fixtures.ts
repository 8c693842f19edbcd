import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/db.ts';

export type FlagFixture = {
  name: string;
  project?: string;
  type?: string;
  stale?: boolean;
  createdAt?: Date;
  archivedAt?: Date | null;
  lastSeenAt?: Date | null;
  createdByUserId?: number | null;
  /** Environment name → enabled; each gets a flag_environments row. */
  environments?: Record<string, boolean>;
  variants?: Record<string, unknown[]>;
  strategies?: { environment: string; name?: string; parameters?: Record<string, string> }[];
};

/**
 * Test data: a flag written straight into the flag tables, for tests of features that read flags but do not
 * own them (the flags API has its own folder and tests).
 */
export async function insertFlag(db: Db, flag: FlagFixture): Promise<void> {
  await db.query(
    `INSERT INTO flags (name, project_id, type, stale, created_at, archived_at, last_seen_at, created_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      flag.name,
      flag.project ?? 'default',
      flag.type ?? 'release',
      flag.stale ?? false,
      flag.createdAt ?? new Date(),
      flag.archivedAt ?? null,
      flag.lastSeenAt ?? null,
      flag.createdByUserId ?? null,
    ],
  );
  for (const [environment, enabled] of Object.entries(flag.environments ?? {})) {
    await db.query(
      'INSERT INTO flag_environments (flag_name, environment_name, enabled, variants) VALUES ($1, $2, $3, $4)',
      [flag.name, environment, enabled, JSON.stringify(flag.variants?.[environment] ?? [])],
    );
  }
  for (const [index, strategy] of (flag.strategies ?? []).entries()) {
    await db.query(
      `INSERT INTO flag_strategies (id, flag_name, environment_name, strategy_name, parameters, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        randomUUID(),
        flag.name,
        strategy.environment,
        strategy.name ?? 'flexibleRollout',
        JSON.stringify(strategy.parameters ?? { rollout: '100', stickiness: 'default', groupId: flag.name }),
        index,
      ],
    );
  }
}

/** Counts rows of a table, optionally filtered: for asserting that a refused request changed nothing. */
export async function countRows(db: Db, table: string, where = 'true', params: unknown[] = []) {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
    params,
  );
  return row!.n;
}
