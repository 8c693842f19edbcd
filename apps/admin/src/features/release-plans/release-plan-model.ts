import { intervalMinutesProblem } from '@switchyard/rules';
import type { PlanMilestone, ReleasePlan } from '../../api/wire.ts';
import { describeInterval } from '../release-templates/release-template-model.ts';

/** Where a milestone stands: started and left behind, on now, or still to come. */
export type MilestoneState = 'done' | 'active' | 'paused' | 'upcoming';

/** Fields a plan or milestone may carry as progression and safeguards land on the server; read only when present. */
type Loose = Record<string, unknown>;
const loose = (value: unknown): Loose =>
  typeof value === 'object' && value !== null ? (value as Loose) : {};
const dateOf = (value: unknown): Date | undefined => {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

export const sortedMilestones = (plan: ReleasePlan): PlanMilestone[] =>
  [...plan.milestones].sort((a, b) => a.sortOrder - b.sortOrder);

/** Whether the plan's progression is paused (by a person or a safeguard): `pausedAt` on the plan or a milestone. */
export function pausedAt(plan: ReleasePlan): Date | undefined {
  const own = dateOf(loose(plan).pausedAt);
  if (own) return own;
  const active = plan.milestones.find((m) => m.id === plan.activeMilestoneId);
  return dateOf(loose(active).pausedAt);
}

export function milestoneStates(plan: ReleasePlan): Map<string, MilestoneState> {
  const milestones = sortedMilestones(plan);
  const activeIndex = milestones.findIndex((m) => m.id === plan.activeMilestoneId);
  const paused = pausedAt(plan) !== undefined;
  return new Map(
    milestones.map((m, index): [string, MilestoneState] => [
      m.id,
      index === activeIndex
        ? paused
          ? 'paused'
          : 'active'
        : activeIndex >= 0 && index < activeIndex
          ? 'done'
          : 'upcoming',
    ]),
  );
}

export type NextTransition = { milestone: PlanMilestone; at: Date };

/**
 * When the next milestone starts by itself: the server's own time when it sends one (`nextProgressionAt` on the plan
 * or the active milestone), else the active milestone's start plus its interval. None when paused, at the last
 * milestone, or when the active one moves on only by hand.
 */
export function nextTransition(plan: ReleasePlan): NextTransition | undefined {
  if (pausedAt(plan)) return undefined;
  const milestones = sortedMilestones(plan);
  const index = milestones.findIndex((m) => m.id === plan.activeMilestoneId);
  const active = milestones[index];
  const next = milestones[index + 1];
  if (!active || !next) return undefined;
  const sent =
    dateOf(loose(plan).nextProgressionAt) ??
    dateOf(loose(plan).nextTransitionAt) ??
    dateOf(loose(active).nextTransitionAt);
  if (sent) return { milestone: next, at: sent };
  const interval = active.transitionCondition?.intervalMinutes;
  const started = dateOf(active.startedAt);
  if (!interval || !started) return undefined;
  return { milestone: next, at: new Date(started.getTime() + interval * 60_000) };
}

/** "Next milestone starts 2 h after this one started", or "by hand" without a progression. */
export const progressionText = (intervalMinutes: number | null | undefined): string =>
  intervalMinutes
    ? `Next milestone starts ${describeInterval(intervalMinutes)} after this one started`
    : 'Next milestone starts by hand';

/** The units a progression's wait is typed in, and their minutes. */
export const INTERVAL_UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
export type IntervalUnit = keyof typeof INTERVAL_UNITS;
/** A wait as typed: an amount of a unit (an empty field is ''). */
export type IntervalInput = { amount: number | ''; unit: IntervalUnit };

/** A stored wait as the form shows it: in the largest unit it is a whole number of (90 min stays minutes). */
export function toIntervalInput(minutes: number | null | undefined): IntervalInput {
  if (!minutes) return { amount: '', unit: 'hours' };
  if (minutes % INTERVAL_UNITS.days === 0) return { amount: minutes / INTERVAL_UNITS.days, unit: 'days' };
  if (minutes % INTERVAL_UNITS.hours === 0) return { amount: minutes / INTERVAL_UNITS.hours, unit: 'hours' };
  return { amount: minutes, unit: 'minutes' };
}

/** The minutes a typed wait stands for, rounded off float noise (1.1 h is 66 min, not 66.00000000000001). */
export const intervalMinutesOf = ({ amount, unit }: IntervalInput): number =>
  amount === '' ? Number.NaN : Math.round(amount * INTERVAL_UNITS[unit] * 1e6) / 1e6;

/** Why a typed wait cannot be a progression, or undefined: more than nothing, whole minutes, within the bounds. */
export function intervalInputProblem(input: IntervalInput): string | undefined {
  if (input.amount === '' || !(input.amount > 0)) return 'Enter a wait above 0';
  const minutes = intervalMinutesOf(input);
  if (!Number.isInteger(minutes)) return 'The wait must come to whole minutes';
  return intervalMinutesProblem(minutes);
}

/** "2 h 5 min", "4 min 12 s", "12 s": how long until a moment, to the second. */
export function untilText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (days) return `${days} d ${hours} h`;
  if (hours) return `${hours} h ${minutes} min`;
  if (minutes) return `${minutes} min ${rest} s`;
  return `${rest} s`;
}

/** A safeguard as far as the plan's payload describes it. */
export type Safeguard = {
  id: string;
  metricName?: string;
  aggregationMode?: string;
  timeRange?: string;
  labelSelectors: Record<string, string[]>;
  operator?: string;
  threshold?: number;
  /** When it last stopped the rollout, if the server says. */
  triggeredAt?: Date;
  /** The server's own words for its state, such as "ok" or "triggered", if it sends them. */
  status?: string;
  /** Why it acted, in the server's words ("p99 latency of checkout > 800 ms for 5 min"). */
  reason?: string;
  /** Switchyard's PromQL query of the external source, instead of an impact metric. */
  externalQuery?: string;
  externalAggregation?: string;
  /** Switchyard's experiment whose guardrails it watches, instead of a metric. */
  experimentId?: number;
  windowMinutes?: number;
  /** What it does when it triggers (pauseReleasePlanProgressions when the server says nothing). */
  actionType?: string;
};

/** The plan's safeguards (`safeguards`, Unleash's shape), read tolerantly; empty when the server sends none. */
export const safeguardsOf = (plan: ReleasePlan): Safeguard[] => toSafeguards(loose(plan).safeguards);

/** Safeguards in Unleash's shape (a plan's, or a flag environment's own), read tolerantly. */
export function toSafeguards(list: unknown): Safeguard[] {
  if (!Array.isArray(list)) return [];
  return list.map((item, index) => {
    const safeguard = loose(item);
    const metric = loose(safeguard.impactMetric);
    const trigger = loose(safeguard.triggerCondition);
    const external = loose(safeguard.externalMetric);
    const selectors = loose(metric.labelSelectors);
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    return {
      id: text(safeguard.id) ?? String(index),
      metricName: text(metric.metricName),
      aggregationMode: text(metric.aggregationMode),
      timeRange: text(metric.timeRange),
      labelSelectors: Object.fromEntries(
        Object.entries(selectors).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])),
      ),
      operator: text(trigger.operator),
      threshold: typeof trigger.threshold === 'number' ? trigger.threshold : undefined,
      triggeredAt: dateOf(safeguard.triggeredAt),
      status: text(safeguard.status) ?? text(safeguard.state),
      reason: text(safeguard.explanation) ?? text(safeguard.reason) ?? text(safeguard.message),
      externalQuery: text(external.query),
      externalAggregation: text(external.aggregationMode),
      experimentId:
        typeof loose(safeguard.experimentGuardrails).experimentId === 'number'
          ? (loose(safeguard.experimentGuardrails).experimentId as number)
          : undefined,
      windowMinutes: typeof safeguard.windowMinutes === 'number' ? safeguard.windowMinutes : undefined,
      actionType: text(loose(safeguard.action).type),
    };
  });
}
