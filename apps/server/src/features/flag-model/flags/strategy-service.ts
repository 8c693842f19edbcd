import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import { switchOffWhenNothingActive } from './environment-switch.ts';
import type { Actor, Flag, Strategy } from './flag.ts';
import { recordFlagEvent } from './flag-events.ts';
import { requireFlagEnvironment, requireProject } from './flag-lookup.ts';
import { createFlagStrategyStore } from './flag-strategy-store.ts';
import { applyPatch, type PatchOperation } from './json-patch.ts';
import { PG_INTEGER } from '../../../db/pg-integer.ts';
import {
  type ResolvedStrategy,
  resolveStrategy,
  type StrategyRequest,
  toStrategyRequest,
} from './strategy-input.ts';

/** The strategy as events record it: what GET shows, without the flag and environment (the event has those). */
export function strategyData(strategy: Strategy) {
  const { flagName: _flag, environment: _environment, ...data } = strategy;
  return data;
}

/** Adds a validated strategy at the end (or at its sortOrder) and records feature-strategy-add. */
export async function insertStrategy(
  db: Db,
  flag: Flag,
  environment: string,
  resolved: ResolvedStrategy,
  actor: Actor,
): Promise<Strategy> {
  const store = createFlagStrategyStore(db);
  // After the last one, but never past the column's range (a strategy may already sit at its end).
  const sortOrder =
    resolved.sortOrder ??
    Math.min(((await store.maxSortOrder(flag.name, environment)) ?? -1) + 1, PG_INTEGER.maximum);
  const strategy = await store.insert({ ...resolved, sortOrder, flagName: flag.name, environment });
  await recordFlagEvent(db, actor, {
    type: 'feature-strategy-add',
    project: flag.project,
    flagName: flag.name,
    environment,
    data: strategyData(strategy),
  });
  return strategy;
}

/** Deletes one strategy and records feature-strategy-remove; the caller decides what happens to the switch. */
export async function removeStrategy(db: Db, flag: Flag, strategy: Strategy, actor: Actor): Promise<void> {
  await createFlagStrategyStore(db).delete(strategy.id);
  await recordFlagEvent(db, actor, {
    type: 'feature-strategy-remove',
    project: flag.project,
    flagName: flag.name,
    environment: strategy.environment,
    preData: strategyData(strategy),
  });
}

export type SortOrderEntry = { id: string; sortOrder: number };

/** Strategies of a flag in one environment: their order is the order SDKs evaluate them in. */
export function createStrategyService(db: Db) {
  const store = createFlagStrategyStore(db);

  async function load(project: string, flagName: string, environment: string, id: string) {
    const { flag } = await requireFlagEnvironment(db, project, flagName, environment);
    const strategy = await store.get(id);
    if (!strategy || strategy.flagName !== flagName || strategy.environment !== environment) {
      throw new NotFoundError(
        `Could not find strategy "${id}" of flag "${flagName}" in environment "${environment}"`,
      );
    }
    return { flag, strategy };
  }

  async function replace(
    flag: Flag,
    previous: Strategy,
    request: StrategyRequest,
    actor: Actor,
  ): Promise<Strategy> {
    const { defaultStickiness } = await projectDefaults(flag.project);
    const resolved = await resolveStrategy(db, flag, request, defaultStickiness);
    const strategy = await store.update({
      ...previous,
      ...resolved,
      sortOrder: resolved.sortOrder ?? previous.sortOrder,
    });
    await recordFlagEvent(db, actor, {
      type: 'feature-strategy-update',
      project: flag.project,
      flagName: flag.name,
      environment: previous.environment,
      data: strategyData(strategy),
      preData: strategyData(previous),
    });
    await switchOffWhenNothingActive(db, flag, previous.environment, actor);
    return strategy;
  }

  async function projectDefaults(project: string) {
    const row = await requireProject(db, project);
    return { defaultStickiness: row.default_stickiness };
  }

  return {
    async list(project: string, flagName: string, environment: string): Promise<Strategy[]> {
      await requireFlagEnvironment(db, project, flagName, environment);
      return store.list(flagName, environment);
    },
    async get(project: string, flagName: string, environment: string, id: string): Promise<Strategy> {
      return (await load(project, flagName, environment, id)).strategy;
    },
    async add(
      project: string,
      flagName: string,
      environment: string,
      request: StrategyRequest,
      actor: Actor,
    ): Promise<Strategy> {
      const { flag } = await requireFlagEnvironment(db, project, flagName, environment);
      const { defaultStickiness } = await projectDefaults(project);
      const resolved = await resolveStrategy(db, flag, request, defaultStickiness);
      return insertStrategy(db, flag, environment, resolved, actor);
    },
    async update(
      project: string,
      flagName: string,
      environment: string,
      id: string,
      request: Partial<StrategyRequest>,
      actor: Actor,
    ): Promise<Strategy> {
      const { flag, strategy } = await load(project, flagName, environment, id);
      // Fields left out keep their value, as in Unleash (segments there are only touched when sent).
      const merged = Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
      return replace(flag, strategy, { ...toStrategyRequest(strategy), ...merged }, actor);
    },
    /** JSON Patch over the strategy as GET shows it; the result is validated like a PUT body. */
    async patch(
      project: string,
      flagName: string,
      environment: string,
      id: string,
      operations: PatchOperation[],
      actor: Actor,
      validate: (request: unknown) => StrategyRequest,
    ): Promise<Strategy> {
      const { flag, strategy } = await load(project, flagName, environment, id);
      const patched = applyPatch(toStrategyRequest(strategy), operations);
      return replace(flag, strategy, validate(patched), actor);
    },
    async delete(
      project: string,
      flagName: string,
      environment: string,
      id: string,
      actor: Actor,
    ): Promise<void> {
      const { flag, strategy } = await load(project, flagName, environment, id);
      await removeStrategy(db, flag, strategy, actor);
      await switchOffWhenNothingActive(db, flag, environment, actor);
    },
    /** Sets the sortOrder of each listed strategy; strategies not listed keep theirs. */
    async setSortOrder(
      project: string,
      flagName: string,
      environment: string,
      entries: SortOrderEntry[],
      actor: Actor,
    ): Promise<void> {
      await requireFlagEnvironment(db, project, flagName, environment);
      const before = await store.list(flagName, environment);
      const known = new Set(before.map((strategy) => strategy.id));
      const unknown = entries.filter((entry) => !known.has(entry.id));
      if (unknown.length) {
        throw new BadDataError(
          `Strategy "${unknown[0]!.id}" is not a strategy of this flag in "${environment}"`,
          [
            ...unknown.map((entry) => ({
              message: `strategy "${entry.id}" is not a strategy of flag "${flagName}" in "${environment}"`,
              path: `/body/${entries.indexOf(entry)}/id`,
            })),
          ],
        );
      }
      for (const entry of entries) await store.setSortOrder(entry.id, entry.sortOrder);
      const after = await store.list(flagName, environment);
      await recordFlagEvent(db, actor, {
        type: 'strategy-order-changed',
        project,
        flagName,
        environment,
        data: after.map((strategy) => ({
          id: strategy.id,
          name: strategy.name,
          sortOrder: strategy.sortOrder,
        })),
        preData: before.map((strategy) => ({
          id: strategy.id,
          name: strategy.name,
          sortOrder: strategy.sortOrder,
        })),
      });
    },
  };
}

export type StrategyService = ReturnType<typeof createStrategyService>;
