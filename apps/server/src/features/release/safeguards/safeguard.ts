import type { AggregationMode, TimeRange } from '../impact-metrics/impact-metric.ts';

/** What a safeguard does when its condition holds. Each also pauses the plan, so it does not roll on by itself. */
export type SafeguardAction =
  'pauseReleasePlanProgressions' | 'turnOffEnvironment' | 'startPreviousMilestone';
export const SAFEGUARD_ACTIONS: readonly SafeguardAction[] = [
  'pauseReleasePlanProgressions',
  'turnOffEnvironment',
  'startPreviousMilestone',
];
/** The one action of a flag environment's own safeguard: there is no plan to pause or step back. */
export const ENVIRONMENT_SAFEGUARD_ACTION: SafeguardAction = 'turnOffEnvironment';

/** How an external query's points over the window become one value. */
export type ExternalAggregation = 'last' | 'avg' | 'max' | 'min';
export const EXTERNAL_AGGREGATIONS: readonly ExternalAggregation[] = ['last', 'avg', 'max', 'min'];

/** An impact-metric series by name and labels, aggregated over the window (Unleash's metricQuerySchema). */
export type ImpactMetricSource = {
  metricName: string;
  timeRange: TimeRange;
  aggregationMode: AggregationMode;
  labelSelectors: Record<string, string[]>;
};
/** A PromQL expression asked of the instance's external source with query_range over the window. */
export type ExternalMetricSource = { query: string; aggregationMode: ExternalAggregation };

/**
 * A running experiment's guardrails, read as the number of breaches its results' verdict reports (0 while none is
 * breached, or while it collects data): with "> 0" the rollout stops when a variant harms a guardrail metric.
 */
export type ExperimentGuardrailsSource = { experimentId: number };

export type SafeguardMetric =
  | { source: 'impact'; metric: ImpactMetricSource }
  | { source: 'external'; metric: ExternalMetricSource }
  | { source: 'experiment'; metric: ExperimentGuardrailsSource };

/**
 * What a safeguard watches over: a release plan (it pauses the plan, and may turn the environment off or go back a
 * milestone), or a flag environment without a plan (it turns the environment off).
 */
export type SafeguardOwner =
  { kind: 'plan'; planId: string } | { kind: 'environment'; flagName: string; environment: string };

export type Safeguard = SafeguardMetric & {
  id: string;
  owner: SafeguardOwner;
  windowMinutes: number;
  operator: '>' | '<';
  threshold: number;
  action: SafeguardAction;
  createdAt: Date;
  evaluatedAt: Date | null;
  lastValue: number | null;
  lastError: string | null;
  triggeredAt: Date | null;
  explanation: string | null;
};

/** What a safeguard watches and does, without what its evaluations record: what a reviewer approved of it. */
export const safeguardCondition = (safeguard: Safeguard) => ({
  source: safeguard.source,
  metric: safeguard.metric,
  windowMinutes: safeguard.windowMinutes,
  operator: safeguard.operator,
  threshold: safeguard.threshold,
  action: safeguard.action,
});

/** A safeguard as a change request's result shows it to a reviewer: the metric in words, the condition, the action. */
export const safeguardState = (safeguard: Safeguard) => ({
  metric: metricWords(safeguard),
  windowMinutes: safeguard.windowMinutes,
  operator: safeguard.operator,
  threshold: safeguard.threshold,
  action: safeguard.action,
});
export type SafeguardState = ReturnType<typeof safeguardState>;

/** Minutes of each of Unleash's time ranges: the window when a safeguard names none of its own. */
export const RANGE_MINUTES: Record<TimeRange, number> = { hour: 60, day: 1440, week: 10_080, month: 43_200 };
/** The longest window: impact metrics keep 5-minute roll-ups for two days. */
export const MAX_WINDOW_MINUTES = 1440;

export const crossed = (operator: '>' | '<', value: number, threshold: number) =>
  operator === '>' ? value > threshold : value < threshold;

/** One value of an external query's points (already in time order). */
export function aggregatePoints(mode: ExternalAggregation, values: number[]): number | null {
  if (values.length === 0) return null;
  switch (mode) {
    case 'last':
      return values.at(-1)!;
    case 'avg':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'max':
      return Math.max(...values);
    case 'min':
      return Math.min(...values);
  }
}

/** The metric in words: "p99 of checkout_latency", "avg of sum(rate(http_errors_total[1m]))". */
export function metricWords(safeguard: SafeguardMetric): string {
  if (safeguard.source === 'impact')
    return `${safeguard.metric.aggregationMode} of ${safeguard.metric.metricName.replace(/^unleash_(counter|gauge|histogram)_/, '')}`;
  if (safeguard.source === 'external')
    return `${safeguard.metric.aggregationMode} of ${safeguard.metric.query}`;
  return `guardrails breached in experiment #${safeguard.metric.experimentId}`;
}

const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toPrecision(4).replace(/\.?0+$/, ''));

/**
 * Why a safeguard acted, for a person: "paused at 25% because p99 of checkout_latency > 800 for 5 min (it was 950)".
 * `done` says what happened ("paused at 25%", "turned off at 25% and paused", "went back from 50% to 10% and paused").
 */
export function explanation(safeguard: Safeguard, done: string, value: number, detail?: string): string {
  // An experiment's guardrails are read whole each time: no window to name, but what is breached.
  if (safeguard.source === 'experiment')
    return `${done} because ${metricWords(safeguard)} ${safeguard.operator} ${number(safeguard.threshold)} (it was ${number(value)}${detail ? `: ${detail}` : ''})`;
  return `${done} because ${metricWords(safeguard)} ${safeguard.operator} ${number(safeguard.threshold)} for ${safeguard.windowMinutes} min (it was ${number(value)})`;
}
