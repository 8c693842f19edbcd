import type { Constraint, RequestOf } from '../../api/wire.ts';

export type Outcome = boolean | 'unknown';
/** A constraint as the server checked it: `contextValue` is what the context held (null when it had none). */
export type EvaluatedConstraint = Constraint & { result: boolean; contextValue?: string | null };
export type PlaygroundStrategy = {
  id?: string;
  name: string;
  title?: string | null;
  disabled?: boolean | null;
  parameters?: Record<string, string>;
  result: { enabled: Outcome; evaluationStatus?: string };
  constraints: EvaluatedConstraint[];
  segments: { id: number; name: string; result: boolean; constraints: EvaluatedConstraint[] }[];
};
export type PlaygroundFlag = {
  name: string;
  projectId: string;
  isEnabled: boolean;
  isEnabledInCurrentEnvironment: boolean;
  hasUnsatisfiedDependency?: boolean;
  /** The server's own account of the outcome, when it gives one. */
  reason?: string;
  strategies: { result: Outcome; data: PlaygroundStrategy[] };
  variant: { name: string; enabled: boolean; payload?: { type: string; value: string } } | null;
};

export type PlaygroundContext = {
  appName: string;
  userId: string;
  sessionId: string;
  remoteAddress: string;
  currentTime: string;
  properties: { name: string; value: string }[];
};

/** The context a playground starts from: only the app name filled in. */
export const EMPTY_CONTEXT: PlaygroundContext = {
  appName: 'playground',
  userId: '',
  sessionId: '',
  remoteAddress: '',
  currentTime: '',
  properties: [],
};

/** The request context: empty fields are left out, properties become an object. */
export function toRequestContext(context: PlaygroundContext): RequestOf<'getPlayground'>['context'] {
  const result: RequestOf<'getPlayground'>['context'] = {};
  for (const key of ['appName', 'userId', 'sessionId', 'remoteAddress', 'currentTime'] as const)
    if (context[key].trim()) result[key] = context[key].trim();
  const properties = Object.fromEntries(
    context.properties.filter((p) => p.name.trim()).map((p) => [p.name.trim(), p.value]),
  );
  if (Object.keys(properties).length) result.properties = properties;
  return result;
}

/** A strategy's readable name ("Gradual rollout") from its definition, when one is known. */
export type StrategyTitles = (name: string) => string | undefined;

/** Why a flag came out as it did, in one line. */
export function explainFlag(flag: PlaygroundFlag, titles?: StrategyTitles): string {
  if (!flag.isEnabledInCurrentEnvironment) return 'Off: the flag is turned off in this environment';
  if (flag.hasUnsatisfiedDependency) return 'Off: a parent flag it depends on is not satisfied';
  const strategies = flag.strategies.data.filter((s) => !s.disabled);
  if (strategies.length === 0) return 'On: the flag is on and has no strategies, so it is on for everyone';
  const winner = strategies.find((s) => s.result.enabled === true);
  if (winner) return `On: strategy "${strategyTitle(winner, titles)}" matched`;
  if (flag.strategies.result === 'unknown')
    return 'Unknown: a strategy could not be evaluated here (custom strategy)';
  if (strategies.length === 1) return `Off: ${explainStrategy(strategies[0]!, titles)}`;
  return `Off: none of the ${strategies.length} strategies matched`;
}

const strategyTitle = (strategy: PlaygroundStrategy, titles?: StrategyTitles) =>
  strategy.title || titles?.(strategy.name) || strategy.name;

/** Who a rollout counts, by its stickiness setting. */
function rolloutBy(stickiness: string | undefined): string {
  if (!stickiness || stickiness === 'default') return 'user id (else session id, else at random)';
  if (stickiness === 'random') return 'chance, at random';
  return stickiness;
}

/** The percentage a rollout strategy lets through, or undefined for strategies that are not rollouts. */
function rolloutOf(strategy: PlaygroundStrategy): { percent: string; by: string } | undefined {
  const p = strategy.parameters ?? {};
  switch (strategy.name) {
    case 'flexibleRollout':
      return { percent: p.rollout ?? '100', by: rolloutBy(p.stickiness) };
    case 'gradualRolloutUserId':
      return { percent: p.percentage ?? '0', by: 'userId' };
    case 'gradualRolloutSessionId':
      return { percent: p.percentage ?? '0', by: 'sessionId' };
    case 'gradualRolloutRandom':
      return { percent: p.percentage ?? '0', by: rolloutBy('random') };
    default:
      return undefined;
  }
}

/**
 * Why one strategy matched or not, in words: its constraints and segments first, then its own rule — a rollout
 * that leaves this context out, or a list that does not name it.
 */
export function explainStrategy(strategy: PlaygroundStrategy, titles?: StrategyTitles): string {
  const title = `strategy "${strategyTitle(strategy, titles)}"`;
  if (strategy.disabled) return `${title} is inactive, so it was not evaluated`;
  if (strategy.result.enabled === true) return `${title} matched`;
  if (strategy.result.enabled === 'unknown') return `${title} could not be evaluated here (custom strategy)`;
  const failedConstraints = strategy.constraints.filter((c) => !c.result).length;
  const failedSegments = strategy.segments.filter((s) => !s.result).map((s) => s.name);
  if (failedConstraints)
    return `${title} did not match: ${failedConstraints} of its ${strategy.constraints.length} constraint${strategy.constraints.length === 1 ? '' : 's'} failed`;
  if (failedSegments.length)
    return `${title} did not match: this context is not in segment ${failedSegments.join(' or ')}`;
  const held = strategy.constraints.length || strategy.segments.length ? 'its constraints hold, but ' : '';
  const rollout = rolloutOf(strategy);
  if (rollout)
    return Number(rollout.percent) <= 0
      ? `${title} did not match: ${held}its rollout is 0%, so it includes no one`
      : `${title} did not match: ${held}its ${rollout.percent}% rollout by ${rollout.by} leaves this context out (or the context has no such id)`;
  const p = strategy.parameters ?? {};
  const notListed: Record<string, string> = {
    userWithId: `the userId is not among ${p.userIds || 'its user ids'}`,
    remoteAddress: `the remote address is not among ${p.IPs || 'its addresses'}`,
    applicationHostname: `the host name is not among ${p.hostNames || 'its host names'}`,
  };
  return `${title} did not match: ${held}${notListed[strategy.name] ?? 'its own rule did not hold for this context'}`;
}

/** "✗ email ends with @example.com (the context has a@b.org)". */
export function explainConstraint(
  constraint: EvaluatedConstraint,
  describe: (c: Constraint) => string,
): string {
  const held =
    constraint.contextValue === undefined
      ? ''
      : constraint.contextValue === null || constraint.contextValue === ''
        ? ` (the context has no ${constraint.contextName})`
        : ` (the context has ${constraint.contextValue})`;
  return `${constraint.result ? '✓' : '✗'} ${describe(constraint)}${held}`;
}
