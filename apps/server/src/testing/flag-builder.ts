import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { createEventStore } from '../features/flag-model/events/event-store.ts';

export type StrategySpec = {
  name?: string;
  parameters?: Record<string, string>;
  constraints?: unknown[];
  variants?: unknown[];
  segments?: number[];
  disabled?: boolean;
};
export type FlagSpec = {
  name: string;
  project?: string;
  type?: string;
  description?: string | null;
  impressionData?: boolean;
  archived?: boolean;
  environments?: Record<string, { enabled: boolean; strategies?: StrategySpec[]; variants?: unknown[] }>;
  tags?: [string, string][];
};

/**
 * Stores a flag straight into the tables (for tests of readers such as the Client API), and appends an event
 * so caches notice, exactly as a change through the Admin API would.
 */
export async function buildFlag(db: Db, spec: FlagSpec): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO flags (name, project_id, type, description, impression_data, archived_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        spec.name,
        spec.project ?? 'default',
        spec.type ?? 'release',
        spec.description ?? null,
        spec.impressionData ?? false,
        spec.archived ? new Date() : null,
      ],
    );
    for (const [environment, config] of Object.entries(spec.environments ?? {})) {
      await tx.query(
        'INSERT INTO flag_environments (flag_name, environment_name, enabled, variants) VALUES ($1, $2, $3, $4)',
        [spec.name, environment, config.enabled, JSON.stringify(config.variants ?? [])],
      );
      for (const [index, strategy] of (config.strategies ?? []).entries()) {
        const id = randomUUID();
        await tx.query(
          `INSERT INTO flag_strategies (id, flag_name, environment_name, strategy_name, parameters, constraints, variants, sort_order, disabled)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            id,
            spec.name,
            environment,
            strategy.name ?? 'default',
            JSON.stringify(strategy.parameters ?? {}),
            JSON.stringify(strategy.constraints ?? []),
            JSON.stringify(strategy.variants ?? []),
            index,
            strategy.disabled ?? false,
          ],
        );
        for (const segment of strategy.segments ?? []) {
          await tx.query('INSERT INTO flag_strategy_segments (strategy_id, segment_id) VALUES ($1, $2)', [
            id,
            segment,
          ]);
        }
      }
    }
    for (const [type, value] of spec.tags ?? []) {
      await tx.query('INSERT INTO tag_types (name) VALUES ($1) ON CONFLICT DO NOTHING', [type]);
      await tx.query('INSERT INTO tags (type, value) VALUES ($1, $2) ON CONFLICT DO NOTHING', [type, value]);
      await tx.query('INSERT INTO flag_tags (flag_name, tag_type, tag_value) VALUES ($1, $2, $3)', [
        spec.name,
        type,
        value,
      ]);
    }
    await createEventStore(tx).append({
      type: 'feature-created',
      createdBy: 'test',
      project: spec.project ?? 'default',
      flagName: spec.name,
    });
  });
}

export async function buildSegment(db: Db, name: string, constraints: unknown[]): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO segments (name, constraints) VALUES ($1, $2) RETURNING id',
    [name, JSON.stringify(constraints)],
  );
  await createEventStore(db).append({ type: 'segment-created', createdBy: 'test', data: { id: row!.id } });
  return row!.id;
}
