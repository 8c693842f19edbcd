import { explain, type FlagExplanation, type StrategyExplanation } from '@switchyard/evaluation';
import type { Segment, StrategyDraft } from '../../api/wire.ts';
import { toWireConstraint } from '../constraints/constraint-model.ts';

/** One sample context and what the strategy being edited does for it. */
export type PreviewResult = { userId: string; enabled: boolean; reason: string };

/** Context fields SDKs send at the top level; every other field is a property. */
const ROOT_FIELDS = new Set(['sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime']);

/** Ten made-up users, so a rollout shows its share before anyone types an id. */
export const SAMPLE_USER_IDS = Array.from({ length: 10 }, (_, i) => `user-${i + 1}`);

function failingConstraint(explanation: StrategyExplanation): string {
  const failed = explanation.constraints.find((c) => !c.result);
  return failed ? `constraint on ${failed.contextName} fails` : 'a constraint fails';
}

function reasonFor(strategy: StrategyDraft, result: FlagExplanation): string {
  const explanation = result.strategies[0];
  if (!explanation) return 'no strategy';
  if (explanation.disabled) return 'the strategy is inactive';
  if (!explanation.known) return `${strategy.name} runs in the SDK; not previewed here`;
  if (!explanation.constraintsResult) return failingConstraint(explanation);
  if (!explanation.segmentsResult) {
    const segment = explanation.segments.find((s) => !s.result);
    return `not in segment ${segment?.name ?? segment?.id ?? ''}`.trim();
  }
  const rollout = strategy.parameters.rollout;
  if (strategy.name === 'flexibleRollout')
    return explanation.ruleResult ? `inside the ${rollout}% rollout` : `outside the ${rollout}% rollout`;
  return explanation.ruleResult ? `${strategy.name} matches` : `${strategy.name} does not match`;
}

/**
 * Evaluates the strategy as edited, on its own, for each sample user, with the same engine SDKs and the server
 * use (`@switchyard/evaluation`). `context` adds fields every sample shares, such as the signed-in user's.
 */
export function previewStrategy(
  strategy: StrategyDraft,
  flagName: string,
  segments: Segment[],
  userIds: string[],
  context: Record<string, string> = {},
): PreviewResult[] {
  const flag = {
    name: flagName,
    enabled: true,
    strategies: [
      {
        name: strategy.name,
        parameters: strategy.parameters,
        constraints: strategy.constraints.map(toWireConstraint),
        segments: strategy.segments ?? [],
        disabled: Boolean(strategy.disabled),
      },
    ],
  };
  const source = {
    getFlag: () => undefined,
    getSegment: (id: number) => segments.find((segment) => segment.id === id),
  };
  const root: Record<string, string> = {};
  const properties: Record<string, string> = {};
  for (const [name, value] of Object.entries(context)) {
    if (ROOT_FIELDS.has(name)) root[name] = value;
    else properties[name] = value;
  }
  return userIds.map((userId) => {
    const result = explain(flag, { ...root, properties, userId }, source);
    return { userId, enabled: result.enabled, reason: reasonFor(strategy, result) };
  });
}
