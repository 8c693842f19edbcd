import type { Safeguard } from './safeguard.ts';

/** A safeguard as the API shows it (SafeguardResponse). */
export const toSafeguardResponse = (safeguard: Safeguard) => ({
  id: safeguard.id,
  // What the action acts on: the release plan, or the flag environment's environment.
  action: {
    type: safeguard.action,
    id: safeguard.owner.kind === 'plan' ? safeguard.owner.planId : safeguard.owner.environment,
  },
  triggerCondition: { operator: safeguard.operator, threshold: safeguard.threshold },
  impactMetric: safeguard.source === 'impact' ? safeguard.metric : null,
  externalMetric: safeguard.source === 'external' ? safeguard.metric : null,
  experimentGuardrails: safeguard.source === 'experiment' ? safeguard.metric : null,
  windowMinutes: safeguard.windowMinutes,
  evaluatedAt: safeguard.evaluatedAt?.toISOString() ?? null,
  lastValue: safeguard.lastValue,
  lastError: safeguard.lastError,
  triggeredAt: safeguard.triggeredAt?.toISOString() ?? null,
  explanation: safeguard.explanation,
});
