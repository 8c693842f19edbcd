import type { Db } from '../../../db/db.ts';
import { BadDataError, ConflictError, InvalidOperationError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import {
  duplicateParameters,
  toParameters,
  UNDEPRECATABLE_STRATEGY,
  type StrategyDefinition,
  type StrategyDefinitionInput,
} from './strategy.ts';
import { createStrategyStore, nameTaken, type StrategyRecord } from './strategy-store.ts';
import { createStrategyUsageReadModel } from './strategy-usage-read-model.ts';
import { nameFlags } from './strategy-use.ts';

/** The definition as events record it. */
const eventData = (strategy: StrategyRecord & { deprecated?: boolean }) => ({
  name: strategy.name,
  title: strategy.title,
  description: strategy.description,
  parameters: strategy.parameters,
  ...(strategy.deprecated === undefined ? {} : { deprecated: strategy.deprecated }),
});

function toRecord(input: StrategyDefinitionInput): StrategyRecord {
  const duplicates = duplicateParameters(input.parameters);
  if (duplicates.length) {
    throw new BadDataError(`Parameter names must be unique; repeated: ${duplicates.join(', ')}`, [
      { message: `parameter "${duplicates[0]}" appears more than once`, path: '/body/parameters' },
    ]);
  }
  return {
    name: input.name,
    title: input.title ?? null,
    description: input.description ?? null,
    parameters: toParameters(input.parameters),
  };
}

export function createStrategyService(db: Db) {
  const store = createStrategyStore(db);
  const usage = createStrategyUsageReadModel(db);
  const events = createEventStore(db);

  async function find(name: string): Promise<StrategyDefinition> {
    const strategy = await store.get(name);
    if (!strategy) throw new NotFoundError(`Could not find a strategy named "${name}"`);
    return strategy;
  }

  function checkEditable(strategy: StrategyDefinition, action: string): void {
    if (strategy.builtIn) {
      throw new InvalidOperationError(`"${strategy.name}" is a built-in strategy and cannot be ${action}`);
    }
  }

  async function setDeprecated(name: string, deprecated: boolean, actor: Actor): Promise<void> {
    const strategy = await find(name);
    if (deprecated && name === UNDEPRECATABLE_STRATEGY) {
      throw new InvalidOperationError(`The "${name}" strategy cannot be deprecated`);
    }
    if (strategy.deprecated === deprecated) return; // nothing changes, so nothing to record
    await store.setDeprecated(name, deprecated);
    await events.append({
      type: deprecated ? 'strategy-deprecated' : 'strategy-reactivated',
      createdBy: actor.name,
      createdByUserId: actor.userId,
      data: { name },
    });
  }

  return {
    list: () => store.list(),
    get: find,
    async create(input: StrategyDefinitionInput, actor: Actor): Promise<StrategyDefinition> {
      const record = toRecord(input);
      if (await store.get(record.name)) throw nameTaken(record.name);
      await store.insert(record);
      await events.append({
        type: 'strategy-created',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        data: eventData({ ...record, deprecated: false }),
      });
      return find(record.name);
    },
    async update(input: StrategyDefinitionInput, actor: Actor): Promise<void> {
      const before = await find(input.name);
      checkEditable(before, 'changed');
      const record = toRecord(input);
      await store.update(record);
      await events.append({
        type: 'strategy-updated',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        data: eventData(record),
        preData: eventData(before),
      });
    },
    async remove(name: string, actor: Actor): Promise<void> {
      const strategy = await find(name);
      checkEditable(strategy, 'deleted');
      const uses = await usage.usingDefinition(name);
      if (uses.length) {
        throw new ConflictError(
          `Strategy "${name}" is used by flags ${nameFlags(uses)}; remove those strategies or deprecate "${name}" instead`,
        );
      }
      await store.delete(name);
      await events.append({
        type: 'strategy-deleted',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        data: { name },
        preData: eventData(strategy),
      });
    },
    deprecate: (name: string, actor: Actor) => setDeprecated(name, true, actor),
    reactivate: (name: string, actor: Actor) => setDeprecated(name, false, actor),
  };
}

export type StrategyService = ReturnType<typeof createStrategyService>;
