import type { Db } from '../../../db/db.ts';
import type { Actor, Flag } from './flag.ts';
import { recordFlagEvent } from './flag-events.ts';
import { createFlagEnvironmentStore } from './flag-environment-store.ts';
import { createFlagStrategyStore } from './flag-strategy-store.ts';

/**
 * Turns a flag on or off in an environment and records feature-environment-enabled/-disabled, but only when
 * the state changes. No checks: callers decide whether the switch is allowed.
 */
export async function switchEnvironment(
  db: Db,
  flag: Flag,
  environment: string,
  enabled: boolean,
  actor: Actor,
): Promise<boolean> {
  const store = createFlagEnvironmentStore(db);
  const current = await store.get(flag.name, environment);
  if (current?.enabled === enabled) return false;
  await store.setEnabled(flag.name, environment, enabled);
  await recordFlagEvent(db, actor, {
    type: enabled ? 'feature-environment-enabled' : 'feature-environment-disabled',
    project: flag.project,
    flagName: flag.name,
    environment,
    data: { enabled },
    preData: { enabled: current?.enabled ?? false },
  });
  return true;
}

/** Unleash's rule: an environment left with no active strategy is turned off, so it never means "on for nobody". */
export async function switchOffWhenNothingActive(
  db: Db,
  flag: Flag,
  environment: string,
  actor: Actor,
): Promise<void> {
  const strategies = await createFlagStrategyStore(db).list(flag.name, environment);
  if (strategies.some((strategy) => !strategy.disabled)) return;
  await switchEnvironment(db, flag, environment, false, actor);
}
