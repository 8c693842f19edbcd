import type { Db } from '../../../db/db.ts';
import { createPeriodicTask } from '../../../db/periodic-task.ts';
import type { OutboundPolicy } from '../../automation/index.ts';
import { maintenanceOn } from '../../flag-model/events/write-gate.ts';
import { switchEnvironment } from '../../flag-model/flags/environment-switch.ts';
import { recordFlagEvent } from '../../flag-model/flags/flag-events.ts';
import { requireFlagEnvironment } from '../../flag-model/flags/flag-lookup.ts';
import { milestoneLabel, previousMilestone } from '../release-plans/release-plan.ts';
import { SWITCHYARD } from '../release-plans/release-plan-scheduler.ts';
import { createReleasePlanService } from '../release-plans/release-plan-service.ts';
import { createReleasePlanStore } from '../release-plans/release-plan-store.ts';
import { crossed, explanation, metricWords, type Safeguard } from './safeguard.ts';
import { readExperimentGuardrails, readExternalMetric, readImpactMetric } from './safeguard-source.ts';
import { createSafeguardStore } from './safeguard-store.ts';

export type SafeguardDeps = {
  /** How often each safeguard is evaluated (SAFEGUARD_INTERVAL_MS). */
  periodMs: number;
  policy: OutboundPolicy;
  timeoutMs: number;
};

/**
 * Acts on a safeguard whose condition holds, in one transaction: the plan is paused with a conditional update first,
 * so of several processes that found it crossed only the first acts; then the action, the explanation kept on the plan
 * and the safeguard, and the safeguard-triggered event (which reaches integrations through the event outbox).
 */
async function actOnPlan(
  db: Db,
  safeguard: Safeguard,
  planId: string,
  value: number,
  now: Date,
  detail?: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const plans = createReleasePlanStore(tx);
    const plan = await plans.get(planId);
    const active = plan?.milestones.find((m) => m.id === plan.activeMilestoneId);
    if (!plan || !active || plan.pausedAt) return false;
    const at = milestoneLabel(active);
    const previous = previousMilestone(plan);
    const done =
      safeguard.action === 'turnOffEnvironment'
        ? `turned off at ${at} and paused`
        : safeguard.action === 'startPreviousMilestone' && previous
          ? `went back from ${at} to ${milestoneLabel(previous)} and paused`
          : `paused at ${at}`;
    const text = explanation(safeguard, done, value, detail);
    if (!(await plans.pause(plan.id, now, text))) return false;
    if (safeguard.action === 'turnOffEnvironment') {
      const { flag } = await requireFlagEnvironment(tx, plan.project, plan.flagName, plan.environment);
      await switchEnvironment(tx, flag, plan.environment, false, SWITCHYARD);
    } else if (safeguard.action === 'startPreviousMilestone' && previous) {
      await createReleasePlanService(tx, () => now).startInPlan(plan.id, previous.id, SWITCHYARD);
    }
    await createSafeguardStore(tx).recordTriggered(safeguard.id, now, text);
    const place = { project: plan.project, flagName: plan.flagName, environment: plan.environment };
    await recordFlagEvent(tx, SWITCHYARD, {
      type: 'release-plan-progressions-paused',
      ...place,
      data: { id: plan.id, reason: text },
    });
    await recordFlagEvent(tx, SWITCHYARD, {
      type: 'safeguard-triggered',
      ...place,
      data: {
        safeguardId: safeguard.id,
        releasePlanId: plan.id,
        milestoneId: active.id,
        action: { type: safeguard.action, id: plan.id },
        metric: metricWords(safeguard),
        operator: safeguard.operator,
        threshold: safeguard.threshold,
        windowMinutes: safeguard.windowMinutes,
        value,
        explanation: text,
      },
    });
    return true;
  });
}

/**
 * Acts on a flag environment's own safeguard whose condition holds: turns the environment off, once. The flag
 * environment's row is locked and read first, so of several processes that found it crossed only the one that still
 * finds it on turns it off; the others find it off and do nothing.
 */
async function actOnEnvironment(
  db: Db,
  safeguard: Safeguard,
  place: { flagName: string; environment: string },
  value: number,
  now: Date,
  detail?: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ enabled: boolean; project: string }>(
      `SELECT e.enabled, f.project_id AS project FROM flag_environments e JOIN flags f ON f.name = e.flag_name
        WHERE e.flag_name = $1 AND e.environment_name = $2 AND f.archived_at IS NULL FOR UPDATE OF e`,
      [place.flagName, place.environment],
    );
    if (!row?.enabled) return false;
    const { flag } = await requireFlagEnvironment(tx, row.project, place.flagName, place.environment);
    await switchEnvironment(tx, flag, place.environment, false, SWITCHYARD);
    const text = explanation(safeguard, `turned off in ${place.environment}`, value, detail);
    await createSafeguardStore(tx).recordTriggered(safeguard.id, now, text);
    await recordFlagEvent(tx, SWITCHYARD, {
      type: 'safeguard-triggered',
      project: row.project,
      ...place,
      data: {
        safeguardId: safeguard.id,
        releasePlanId: null,
        milestoneId: null,
        action: { type: safeguard.action, id: place.environment },
        metric: metricWords(safeguard),
        operator: safeguard.operator,
        threshold: safeguard.threshold,
        windowMinutes: safeguard.windowMinutes,
        value,
        explanation: text,
      },
    });
    return true;
  });
}

const act = (db: Db, safeguard: Safeguard, value: number, now: Date, detail?: string) =>
  safeguard.owner.kind === 'plan'
    ? actOnPlan(db, safeguard, safeguard.owner.planId, value, now, detail)
    : actOnEnvironment(db, safeguard, safeguard.owner, value, now, detail);

/**
 * Evaluates every safeguard of a running plan or of a flag environment that is on, not evaluated within the period,
 * and acts where the condition holds; returns how many acted. Each safeguard is leased for the period with a conditional update, so with several
 * processes on one database one of them reads it (and asks the external source) each period.
 */
export async function evaluateSafeguards(db: Db, deps: SafeguardDeps, now: Date): Promise<number> {
  // Maintenance mode pauses safeguards' actions too (the write gate would refuse them).
  if (await maintenanceOn(db)) return 0;
  const store = createSafeguardStore(db);
  // A little under the period, so a poll a few milliseconds early still finds it due.
  const lease = deps.periodMs * 0.8;
  const due = await store.dueForEvaluation(now, lease);
  if (due.length === 0) return 0;
  const url = await store.externalSource();
  let acted = 0;
  for (const id of due) {
    const safeguard = await store.lease(id, now, lease);
    if (!safeguard) continue;
    const reading =
      safeguard.source === 'impact'
        ? await readImpactMetric(db, safeguard.metric, safeguard.windowMinutes, now)
        : safeguard.source === 'external'
          ? await readExternalMetric(
              { url, policy: deps.policy, timeoutMs: deps.timeoutMs },
              safeguard.metric,
              safeguard.windowMinutes,
              safeguard.operator,
              now,
            )
          : await readExperimentGuardrails(db, safeguard.metric);
    if ('error' in reading) {
      await store.recordReading(id, null, reading.error);
      continue;
    }
    await store.recordReading(id, reading.value, null);
    if (reading.value === null || !crossed(safeguard.operator, reading.value, safeguard.threshold)) continue;
    if (await act(db, safeguard, reading.value, now, reading.detail)) acted++;
  }
  return acted;
}

/** Evaluates safeguards every period; set up once when the app is built, in every process. */
export function createSafeguardEvaluator(
  db: Db,
  deps: SafeguardDeps & { now?: () => Date; onError?: (error: unknown) => void },
) {
  const now = deps.now ?? (() => new Date());

  const tick = async (): Promise<void> => {
    try {
      await evaluateSafeguards(db, deps, now());
    } catch (error) {
      deps.onError?.(error);
    }
  };

  return { tick, ...createPeriodicTask(tick, { intervalMs: deps.periodMs }) };
}
