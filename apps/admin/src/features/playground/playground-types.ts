import type { Constraint } from '../../api/types.ts';

export type Outcome = boolean | 'unknown';
export type EvaluatedConstraint = Constraint & { result: boolean };
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
export type PlaygroundResponse = { features: PlaygroundFlag[] };

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
export function toRequestContext(context: PlaygroundContext): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of ['appName', 'userId', 'sessionId', 'remoteAddress', 'currentTime'] as const)
    if (context[key].trim()) result[key] = context[key].trim();
  const properties = Object.fromEntries(
    context.properties.filter((p) => p.name.trim()).map((p) => [p.name.trim(), p.value]),
  );
  if (Object.keys(properties).length) result.properties = properties;
  return result;
}

/** Why a flag came out as it did, in one line. */
export function explainFlag(flag: PlaygroundFlag): string {
  if (!flag.isEnabledInCurrentEnvironment) return 'Off: the flag is turned off in this environment';
  if (flag.hasUnsatisfiedDependency) return 'Off: a parent flag it depends on is not satisfied';
  const strategies = flag.strategies.data.filter((s) => !s.disabled);
  if (strategies.length === 0) return 'On: the flag is on and has no strategies, so it is on for everyone';
  const winner = strategies.find((s) => s.result.enabled === true);
  if (winner) return `On: strategy "${winner.title || winner.name}" matched`;
  if (flag.strategies.result === 'unknown')
    return 'Unknown: a strategy could not be evaluated here (custom strategy)';
  return `Off: none of the ${strategies.length} strateg${strategies.length === 1 ? 'y' : 'ies'} matched`;
}
