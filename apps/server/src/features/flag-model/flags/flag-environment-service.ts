import type { Db } from '../../../db/db.ts';
import { switchEnvironment } from './environment-switch.ts';
import { type Actor, defaultStrategyFor, type Flag, type FlagEnvironment, type Strategy } from './flag.ts';
import { recordFlagEvent } from './flag-events.ts';
import { createFlagEnvironmentStore } from './flag-environment-store.ts';
import { requireFlagEnvironment, requireProject } from './flag-lookup.ts';
import { createFlagStrategyStore } from './flag-strategy-store.ts';
import { resolveStrategy, type StrategyRequest } from './strategy-input.ts';
import { insertStrategy, strategyData } from './strategy-service.ts';

export type ToggleOptions = {
  activateDisabledStrategies?: boolean;
  /** False when a strategy of the caller's own follows in the same transaction (a change request adding one). */
  addDefaultStrategy?: boolean;
};

/** Turning a flag on or off in one environment. */
export function createFlagEnvironmentService(db: Db) {
  const strategies = createFlagStrategyStore(db);

  /**
   * Unleash's rule for turning on: disabled strategies may be re-activated on request, and when nothing is
   * active the project's default strategy for the environment (or a 100% flexibleRollout) is added, so "on"
   * always means on for someone.
   */
  async function ensureActiveStrategy(flag: Flag, environment: string, options: ToggleOptions, actor: Actor) {
    const current = await strategies.list(flag.name, environment);
    const disabled = current.filter((strategy) => strategy.disabled);
    if (options.activateDisabledStrategies && disabled.length) {
      await strategies.setDisabled(
        disabled.map((strategy) => strategy.id),
        false,
      );
      for (const strategy of disabled) {
        await recordFlagEvent(db, actor, {
          type: 'feature-strategy-update',
          project: flag.project,
          flagName: flag.name,
          environment,
          data: strategyData({ ...strategy, disabled: false }),
          preData: strategyData(strategy),
        });
      }
      return;
    }
    if (current.some((strategy) => !strategy.disabled) || options.addDefaultStrategy === false) return;
    const project = await requireProject(db, flag.project);
    const configured = (await createFlagEnvironmentStore(db).defaultStrategy(
      flag.project,
      environment,
    )) as StrategyRequest | null;
    const request: StrategyRequest = configured?.name
      ? { ...configured, disabled: false, sortOrder: undefined }
      : (defaultStrategyFor(flag.name) as StrategyRequest);
    const resolved = await resolveStrategy(db, flag, request, project.default_stickiness);
    await insertStrategy(db, flag, environment, resolved, actor);
  }

  return {
    async get(
      project: string,
      flagName: string,
      environment: string,
    ): Promise<{ flag: Flag; environment: FlagEnvironment; strategies: Strategy[] }> {
      const found = await requireFlagEnvironment(db, project, flagName, environment);
      return { ...found, strategies: await strategies.list(flagName, environment) };
    },
    async toggle(
      project: string,
      flagName: string,
      environment: string,
      enabled: boolean,
      actor: Actor,
      options: ToggleOptions = {},
    ): Promise<void> {
      const { flag } = await requireFlagEnvironment(db, project, flagName, environment);
      await this.toggleLoaded(flag, environment, enabled, actor, options);
    },
    /** The toggle for a flag already loaded and checked (bulk operations check all flags first). */
    async toggleLoaded(
      flag: Flag,
      environment: string,
      enabled: boolean,
      actor: Actor,
      options: ToggleOptions = {},
    ): Promise<void> {
      if (enabled) await ensureActiveStrategy(flag, environment, options, actor);
      await switchEnvironment(db, flag, environment, enabled, actor);
    },
  };
}

export type FlagEnvironmentService = ReturnType<typeof createFlagEnvironmentService>;
