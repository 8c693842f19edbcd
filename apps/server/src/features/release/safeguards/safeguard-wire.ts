import type { Safeguard } from './safeguard.ts';

/** A safeguard as the API shows it (SafeguardResponse). */
export const toSafeguardResponse = (safeguard: Safeguard) => ({
  id: safeguard.id,
  action: { type: safeguard.action, id: safeguard.planId },
  triggerCondition: { operator: safeguard.operator, threshold: safeguard.threshold },
  impactMetric: safeguard.source === 'impact' ? safeguard.metric : null,
  externalMetric: safeguard.source === 'external' ? safeguard.metric : null,
  windowMinutes: safeguard.windowMinutes,
  evaluatedAt: safeguard.evaluatedAt?.toISOString() ?? null,
  lastValue: safeguard.lastValue,
  lastError: safeguard.lastError,
  triggeredAt: safeguard.triggeredAt?.toISOString() ?? null,
  explanation: safeguard.explanation,
});
