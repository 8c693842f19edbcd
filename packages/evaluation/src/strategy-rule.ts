import { rootId } from './context.ts';
import { networkContains, parseIpAddress, parseIpNetwork } from './ip-address.ts';
import { createNormalizedHasher, STRATEGY_SEED } from './normalized-hash.ts';
import type { Runtime } from './runtime.ts';
import { createStickinessReader, isBuiltInStickiness } from './stickiness.ts';
import type { Context, StrategyDefinition } from './types.ts';

/** A strategy's own rule, without its constraints; `known` is false for custom strategies. */
export type StrategyRule = { known: boolean; test: (context: Context, runtime: Runtime) => boolean };

type RuleFactory = (parameters: Record<string, string>, flagName: string) => StrategyRule['test'];

/** The strategies the engine knows; any other name (a custom strategy) evaluates to false. */
export const BUILT_IN_STRATEGIES = [
  'default',
  'userWithId',
  'gradualRolloutUserId',
  'gradualRolloutSessionId',
  'gradualRolloutRandom',
  'flexibleRollout',
  'remoteAddress',
  'applicationHostname',
] as const;

/** Parameters are strings on the wire; Number() also accepts "50.5" as the Node SDK does. */
function percentage(value: string | undefined): number {
  return value === undefined || String(value).trim() === '' ? Number.NaN : Number(value);
}

function list(value: string | undefined): string[] {
  return String(value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A random bucket in 1..100, the same range a hashed id lands in. */
function randomBucket(runtime: Runtime): number {
  return Math.floor(runtime.random() * 100) + 1;
}

function gradual(field: 'userId' | 'sessionId'): RuleFactory {
  return (parameters, flagName) => {
    const rollout = percentage(parameters.percentage);
    const bucket = createNormalizedHasher(parameters.groupId ?? flagName, 100, STRATEGY_SEED);
    return (context) => {
      const id = rootId(context, field);
      return id !== undefined && rollout > 0 && (rollout >= 100 || bucket(id) <= rollout);
    };
  };
}

const RULES: Record<(typeof BUILT_IN_STRATEGIES)[number], RuleFactory> = {
  default: () => () => true,
  userWithId: (parameters) => {
    const ids = new Set(list(parameters.userIds));
    return (context) => {
      const id = rootId(context, 'userId');
      return id !== undefined && ids.has(id);
    };
  },
  gradualRolloutUserId: gradual('userId'),
  gradualRolloutSessionId: gradual('sessionId'),
  gradualRolloutRandom: (parameters) => {
    const rollout = percentage(parameters.percentage);
    return (_context, runtime) => rollout > 0 && rollout >= randomBucket(runtime);
  },
  flexibleRollout: (parameters, flagName) => {
    const rollout = percentage(parameters.rollout);
    const bucket = createNormalizedHasher(parameters.groupId ?? flagName, 100, STRATEGY_SEED);
    const stickiness = parameters.stickiness;
    const readId = createStickinessReader(stickiness, false);
    // A named field that is missing fails the rule; only default/random fall back to a random bucket.
    const randomWhenMissing = isBuiltInStickiness(stickiness);
    return (context, runtime) => {
      if (!(rollout > 0)) return false;
      const id = readId(context);
      // Buckets run from 1 to 100, so a full rollout holds without hashing.
      if (id !== undefined) return rollout >= 100 || bucket(id) <= rollout;
      return randomWhenMissing && randomBucket(runtime) <= rollout;
    };
  },
  remoteAddress: (parameters) => {
    const entries = list(parameters.IPs);
    const exact = new Set(entries);
    const networks = entries.flatMap((entry) => parseIpNetwork(entry) ?? []);
    return (context) => {
      const remoteAddress = rootId(context, 'remoteAddress');
      if (remoteAddress === undefined) return false;
      if (exact.has(remoteAddress)) return true;
      const address = parseIpAddress(remoteAddress);
      return address !== undefined && networks.some((network) => networkContains(network, address));
    };
  },
  applicationHostname: (parameters) => {
    const hostNames = new Set(list(parameters.hostNames).map((name) => name.toLowerCase()));
    return (_context, runtime) =>
      runtime.hostname !== undefined && hostNames.has(runtime.hostname.toLowerCase());
  },
};

/**
 * Compiles a strategy's own rule from its parameters. A missing `groupId` falls back to the flag name
 * (as Yggdrasil does); the server always stores one, so this only matters for hand-written payloads.
 */
export function compileStrategyRule(strategy: StrategyDefinition, flagName: string): StrategyRule {
  const name = strategy.name;
  if (!Object.hasOwn(RULES, name)) return { known: false, test: () => false };
  const parameters = strategy.parameters ?? {};
  return { known: true, test: RULES[name as keyof typeof RULES](parameters, flagName) };
}
