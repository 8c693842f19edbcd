import type { AdminClient } from './admin-client.ts';
import { planAccess } from './plan-access.ts';
import { planFlags } from './plan-flags.ts';
import { planSetup } from './plan-setup.ts';
import type { Snapshot } from './snapshot.ts';

/**
 * What to do with one thing: create it, update it, skip it because the target already holds the same, leave it
 * because the target holds something different (conflict: never overwritten), or hand it to a person (manual).
 */
export type Action = 'create' | 'update' | 'skip' | 'conflict' | 'manual';

export type WriteContext = {
  target: AdminClient;
  /** The target's segment ids by name, filled as segments are created. */
  segmentIds: Map<string, number>;
  /** Reset links made for migrated users, by user. */
  resetLinks: Map<string, string>;
};

export type Step = {
  kind: string;
  key: string;
  action: Action;
  detail?: string;
  run?: (context: WriteContext) => Promise<void>;
};

/**
 * Compares the source with the target and lists the steps, in the order they must run (environments before
 * projects, segments before strategies, flags before their dependencies). Comparing with the target's state makes a
 * second run all skips and lets an interrupted run resume where it stopped.
 */
export function buildPlan(source: Snapshot, target: Snapshot): Step[] {
  return [...planSetup(source, target), ...planFlags(source, target), ...planAccess(source, target)];
}

export function summarise(steps: Step[]): Record<Action, number> {
  const counts: Record<Action, number> = { create: 0, update: 0, skip: 0, conflict: 0, manual: 0 };
  for (const step of steps) counts[step.action]++;
  return counts;
}

export async function targetSegmentIds(target: AdminClient): Promise<Map<string, number>> {
  const body = await target.get<{ segments?: { id: number; name: string }[] }>('/api/admin/segments');
  return new Map((body.segments ?? []).map((s) => [s.name, s.id]));
}
