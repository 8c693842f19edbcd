import { describe, expect, it } from 'vitest';
import type { PlanMilestone, ReleasePlan } from '../../api/wire.ts';
import {
  intervalInputProblem,
  intervalMinutesOf,
  milestoneStates,
  nextTransition,
  progressionText,
  safeguardsOf,
  toIntervalInput,
  untilText,
} from './release-plan-model.ts';

const milestone = (id: string, sortOrder: number, fields: Partial<PlanMilestone> = {}): PlanMilestone => ({
  id,
  name: id,
  sortOrder,
  releasePlanDefinitionId: 'p1',
  transitionCondition: null,
  startedAt: null,
  pausedAt: null,
  progressionExecutedAt: null,
  strategies: [],
  ...fields,
});

function plan(
  activeMilestoneId: string | null,
  milestones: PlanMilestone[],
  extra: object = {},
): ReleasePlan {
  return {
    id: 'p1',
    discriminator: 'plan',
    name: 'Gradual',
    description: null,
    featureName: 'checkout',
    environment: 'production',
    releasePlanTemplateId: 't1',
    activeMilestoneId,
    createdByUserId: 1,
    createdAt: '2026-01-15T10:00:00.000Z',
    milestones,
    nextProgressionAt: null,
    pausedAt: null,
    pausedReason: null,
    safeguards: [],
    ...extra,
  };
}

const started = '2026-01-15T10:00:00.000Z';
const three = [
  milestone('ten', 0, { startedAt: started, transitionCondition: { intervalMinutes: 30 } }),
  milestone('half', 1),
  milestone('all', 2),
];

describe('a release plan', () => {
  it('marks the milestones before the active one done and the ones after it upcoming', () => {
    expect([...milestoneStates(plan('half', three)).values()]).toEqual(['done', 'active', 'upcoming']);
    expect([...milestoneStates(plan(null, three)).values()]).toEqual(['upcoming', 'upcoming', 'upcoming']);
    expect([...milestoneStates(plan('half', three, { pausedAt: started })).values()]).toEqual([
      'done',
      'paused',
      'upcoming',
    ]);
  });

  it("starts the next milestone the active one's interval after it started", () => {
    const next = nextTransition(plan('ten', three));
    expect(next?.milestone.id).toBe('half');
    expect(next?.at.toISOString()).toBe('2026-01-15T10:30:00.000Z');
    // The server's own time wins when it sends one.
    expect(
      nextTransition(plan('ten', three, { nextTransitionAt: '2026-01-15T11:00:00.000Z' }))?.at.toISOString(),
    ).toBe('2026-01-15T11:00:00.000Z');
  });

  it('has no next transition by hand, at the last milestone, before any start, or when paused', () => {
    expect(nextTransition(plan('half', three))).toBeUndefined();
    expect(nextTransition(plan('all', three))).toBeUndefined();
    expect(nextTransition(plan(null, three))).toBeUndefined();
    const paused = [{ ...three[0]!, pausedAt: started } as PlanMilestone, three[1]!, three[2]!];
    expect(nextTransition(plan('ten', paused))).toBeUndefined();
  });

  it('reads safeguards in Unleash’s shape, and none when the server sends none', () => {
    expect(safeguardsOf(plan('ten', three))).toEqual([]);
    const [safeguard] = safeguardsOf(
      plan('ten', three, {
        safeguards: [
          {
            id: 'g1',
            impactMetric: {
              metricName: 'unleash_counter_checkout_errors',
              timeRange: 'hour',
              aggregationMode: 'count',
              labelSelectors: { environment: ['production'] },
            },
            triggerCondition: { operator: '>', threshold: 5 },
            triggeredAt: started,
          },
        ],
      }),
    );
    expect(safeguard).toMatchObject({
      id: 'g1',
      metricName: 'unleash_counter_checkout_errors',
      aggregationMode: 'count',
      operator: '>',
      threshold: 5,
      labelSelectors: { environment: ['production'] },
    });
    expect(safeguard!.triggeredAt?.toISOString()).toBe(started);
  });

  it('counts down in days, hours, minutes and seconds', () => {
    expect(untilText(3_723_000)).toBe('1 h 2 min');
    expect(untilText(252_000)).toBe('4 min 12 s');
    expect(untilText(400)).toBe('1 s');
    expect(untilText(-5)).toBe('0 s');
  });
});

describe('a milestone’s progression', () => {
  it('says when the next milestone starts', () => {
    expect(progressionText(120)).toBe('Next milestone starts 2 h after this one started');
    expect(progressionText(1530)).toBe('Next milestone starts 1 d 1 h 30 min after this one started');
    expect(progressionText(null)).toBe('Next milestone starts by hand');
  });

  it('shows a stored wait in the largest unit it fills whole', () => {
    expect(toIntervalInput(2880)).toEqual({ amount: 2, unit: 'days' });
    expect(toIntervalInput(120)).toEqual({ amount: 2, unit: 'hours' });
    expect(toIntervalInput(90)).toEqual({ amount: 90, unit: 'minutes' });
    expect(toIntervalInput(null)).toEqual({ amount: '', unit: 'hours' });
  });

  it('turns a typed wait into minutes', () => {
    expect(intervalMinutesOf({ amount: 1.5, unit: 'hours' })).toBe(90);
    expect(intervalMinutesOf({ amount: 1.1, unit: 'hours' })).toBe(66);
    expect(intervalMinutesOf({ amount: 3, unit: 'days' })).toBe(4320);
    expect(intervalMinutesOf({ amount: 45, unit: 'minutes' })).toBe(45);
  });

  it('takes a wait above 0 of whole minutes, up to a year', () => {
    expect(intervalInputProblem({ amount: 2, unit: 'hours' })).toBeUndefined();
    expect(intervalInputProblem({ amount: 365, unit: 'days' })).toBeUndefined();
    expect(intervalInputProblem({ amount: '', unit: 'hours' })).toBe('Enter a wait above 0');
    expect(intervalInputProblem({ amount: 0, unit: 'minutes' })).toBe('Enter a wait above 0');
    expect(intervalInputProblem({ amount: -1, unit: 'days' })).toBe('Enter a wait above 0');
    expect(intervalInputProblem({ amount: 1.5, unit: 'minutes' })).toBe(
      'The wait must come to whole minutes',
    );
    expect(intervalInputProblem({ amount: 0.01, unit: 'hours' })).toBe('The wait must come to whole minutes');
    expect(intervalInputProblem({ amount: 366, unit: 'days' })).toBe('Whole minutes from 1 to 525600');
  });
});
