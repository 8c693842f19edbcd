import {
  compareCounts,
  compareMeans,
  compareRates,
  cupedAdjust,
  sampleRatioTest,
  type Comparison,
  type Interval,
} from '@switchyard/statistics';
import type { Experiment, ExperimentMetric } from './experiment.ts';
import type { ImpactCounts } from './experiment-impact-read-model.ts';
import type { VariantWeight } from './experiment-variants.ts';

/** What the database keeps per variant and metric (experiment_metric_totals). */
export type MetricTotals = {
  convertedUsers: number;
  events: number;
  valueSum: number;
  valueSquareSum: number;
  /** CUPED: Σx, Σx² of the exposed users' pre-period values, and Σxy with their metric values. */
  preSum: number;
  preSquareSum: number;
  crossSum: number;
};
export type ExperimentAggregates = {
  users: Map<string, number>;
  /** variant → metric event → totals */
  metrics: Map<string, Map<string, MetricTotals>>;
  /** impact metric → variant → the counter's increments in the experiment's window */
  impact: ImpactCounts;
};

export type VariantResult = Comparison & { variant: string; users: number; isControl: boolean };
/** Whether CUPED adjusted a metric, θ, and the share of the metric's variance it removed. */
export type CupedResult = { applied: boolean; theta?: number; varianceReduction?: number };
export type MetricResult = ExperimentMetric & { variants: VariantResult[]; cuped: CupedResult };
export type Verdict =
  'sample-ratio-mismatch' | 'collecting' | 'winner' | 'loser' | 'guardrail-breached' | 'inconclusive';
export type ExperimentResults = {
  variants: { variant: string; users: number; expectedShare: number; share: number }[];
  sampleRatio: { statistic: number; pValue: number; mismatch: boolean };
  metrics: MetricResult[];
  verdict: { verdict: Verdict; variant?: string; summary: string; caveats: string[] };
};

/** Fewer users than this in any variant and the verdict stays "collecting": the normal approximations need them. */
export const MIN_USERS_PER_VARIANT = 100;
/** CUPED needs a within-variant variance in every variant. */
const MIN_CUPED_USERS = 2;
/** The decision threshold of the chance to beat control, and the level of the sequential test. */
const CONFIDENCE = 0.95;

const EMPTY: MetricTotals = {
  convertedUsers: 0,
  events: 0,
  valueSum: 0,
  valueSquareSum: 0,
  preSum: 0,
  preSquareSum: 0,
  crossSum: 0,
};

/** Turns an experiment's aggregates into results: pure, so it is tested without a database. */
export function computeResults(
  experiment: Experiment,
  weights: VariantWeight[],
  aggregates: ExperimentAggregates,
): ExperimentResults {
  // Variants configured now, plus any seen earlier and since removed (their users still count).
  const names = [...new Set([...weights.map((w) => w.name), ...aggregates.users.keys()])];
  const ordered = [experiment.controlVariant, ...names.filter((name) => name !== experiment.controlVariant)];
  const usersOf = (variant: string) => aggregates.users.get(variant) ?? 0;
  const totalUsers = ordered.reduce((sum, variant) => sum + usersOf(variant), 0);
  const weightOf = (variant: string) => weights.find((w) => w.name === variant)?.weight ?? 0;
  const weightSum = ordered.reduce((sum, variant) => sum + weightOf(variant), 0);
  const srm = sampleRatioTest(ordered.map(usersOf), ordered.map(weightOf));

  const metrics = experiment.metrics.map((metric): MetricResult => {
    if (metric.kind === 'impact')
      return impactResult(metric, experiment.controlVariant, ordered, usersOf, aggregates);
    const totals = (variant: string) => aggregates.metrics.get(variant)?.get(metric.event) ?? EMPTY;
    const control = totals(experiment.controlVariant);
    const controlUsers = usersOf(experiment.controlVariant);
    // CUPED where a pre-period exists: y is the user's conversion (0/1) or summed value, x its pre-period value.
    const covariates = ordered.map((variant) => {
      const each = totals(variant);
      const y =
        metric.kind === 'conversion' ? Math.min(usersOf(variant), each.convertedUsers) : each.valueSum;
      const y2 = metric.kind === 'conversion' ? y : each.valueSquareSum;
      return {
        users: usersOf(variant),
        sumY: y,
        sumY2: y2,
        sumX: each.preSum,
        sumX2: each.preSquareSum,
        sumXY: each.crossSum,
      };
    });
    const hasPrePeriod =
      covariates.some((each) => each.sumX2 > 0) && covariates.every((each) => each.users >= MIN_CUPED_USERS);
    const cuped = hasPrePeriod ? cupedAdjust(covariates) : undefined;
    const applied = cuped !== undefined && cuped.varianceReduction > 0;
    return {
      ...metric,
      cuped: applied
        ? { applied, theta: cuped.theta, varianceReduction: cuped.varianceReduction }
        : { applied },
      variants: ordered.map((variant, i) => {
        const each = totals(variant);
        const users = usersOf(variant);
        const isControl = variant === experiment.controlVariant;
        const comparison = applied
          ? compareMeans(cuped.adjusted[0]!, cuped.adjusted[i]!, { isControl, confidence: CONFIDENCE })
          : metric.kind === 'conversion'
            ? compareRates(
                { users: controlUsers, conversions: Math.min(controlUsers, control.convertedUsers) },
                { users, conversions: Math.min(users, each.convertedUsers) },
                { isControl, confidence: CONFIDENCE },
              )
            : compareMeans(
                { users: controlUsers, sum: control.valueSum, sumOfSquares: control.valueSquareSum },
                { users, sum: each.valueSum, sumOfSquares: each.valueSquareSum },
                { isControl, confidence: CONFIDENCE },
              );
        return { variant, users, isControl, ...oriented(comparison, metric) };
      }),
    };
  });

  return {
    variants: ordered.map((variant) => ({
      variant,
      users: usersOf(variant),
      expectedShare: weightSum > 0 ? weightOf(variant) / weightSum : 0,
      share: totalUsers > 0 ? usersOf(variant) / totalUsers : 0,
    })),
    sampleRatio: { statistic: srm.statistic, pValue: srm.pValue, mismatch: srm.mismatch },
    metrics,
    verdict: verdictOf(experiment, ordered.map(usersOf), srm.mismatch, metrics),
  };
}

/** An impact metric: per variant, the counter's increments per exposed user, compared as Poisson rates. */
function impactResult(
  metric: ExperimentMetric,
  controlVariant: string,
  ordered: string[],
  usersOf: (variant: string) => number,
  aggregates: ExperimentAggregates,
): MetricResult {
  const counts = (variant: string) => ({
    users: usersOf(variant),
    count: aggregates.impact.get(metric.event)?.get(variant) ?? 0,
  });
  const control = counts(controlVariant);
  return {
    ...metric,
    cuped: { applied: false },
    variants: ordered.map((variant) => {
      const isControl = variant === controlVariant;
      const comparison = compareCounts(control, counts(variant), { isControl, confidence: CONFIDENCE });
      return { variant, users: usersOf(variant), isControl, ...oriented(comparison, metric) };
    }),
  };
}

/** For a metric that should go down, "better" is lower: the chance and the loss are taken the other way round. */
function oriented(comparison: Comparison, metric: ExperimentMetric): Comparison {
  if (metric.direction === 'increase' || comparison.chanceToBeatControl === undefined) return comparison;
  return { ...comparison, chanceToBeatControl: 1 - comparison.chanceToBeatControl };
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
const range = (interval: Interval) => `${percent(interval.low)} to ${percent(interval.high)}`;

/**
 * Each variant that harms a guardrail metric with 95% confidence (sequential test) and is more likely worse than
 * control, in words: "treatment harms guardrail "error"". The verdict and the experiment safeguards both use it.
 */
export function guardrailBreaches(metrics: MetricResult[]): string[] {
  return metrics
    .filter((metric) => metric.role === 'guardrail')
    .flatMap((metric) =>
      metric.variants
        .filter(
          (v) =>
            !v.isControl &&
            (v.sequential?.pValue ?? 1) < 1 - CONFIDENCE &&
            (v.chanceToBeatControl ?? 1) < 0.5,
        )
        .map((v) => `${v.variant} harms guardrail "${metric.event}"`),
    );
}

function verdictOf(
  experiment: Experiment,
  users: number[],
  mismatch: boolean,
  metrics: MetricResult[],
): ExperimentResults['verdict'] {
  const caveats = [
    'The chance to beat control assumes the variants are independent and users behave alike over time; a novelty effect fades.',
    'Only conversions after a user’s first exposure count, and only for users identified by the same userId or sessionId.',
  ];
  if (experiment.metrics.some((metric) => metric.kind === 'impact'))
    caveats.push(
      'An impact metric is the counter’s increments labelled with a variant per exposed user of it, not a per-user average: SDK samples carry no user, so heavy users weigh more, and increments labelled with a variant by users whose exposure was never recorded (a backend SDK that sends no impression events) count too. Its tests assume Poisson counts; bursty counters make them too confident.',
    );
  if (experiment.status === 'running')
    caveats.push(
      'The sequential p-value stays valid however often you look; the chance to beat control is not a p-value and moves as data arrive.',
    );
  if (mismatch)
    return {
      verdict: 'sample-ratio-mismatch',
      summary:
        'The users per variant do not match the configured split (sample ratio mismatch, p < 0.001). Assignment or exposure recording is broken: trust no other number until it is explained.',
      caveats,
    };
  if (users.some((n) => n < MIN_USERS_PER_VARIANT))
    return {
      verdict: 'collecting',
      summary: `Collecting data: every variant needs at least ${MIN_USERS_PER_VARIANT} users before the results mean much.`,
      caveats,
    };
  const breached = guardrailBreaches(metrics);
  if (breached.length > 0)
    return { verdict: 'guardrail-breached', summary: `${breached.join('; ')}.`, caveats };
  const primary = metrics.find((metric) => metric.role === 'primary');
  const candidates = (primary?.variants ?? []).filter((v) => !v.isControl);
  const significant = candidates.filter((v) => (v.sequential?.pValue ?? 1) < 1 - CONFIDENCE);
  const winner = significant
    .filter((v) => (v.chanceToBeatControl ?? 0) >= CONFIDENCE)
    .sort((a, b) => (b.chanceToBeatControl ?? 0) - (a.chanceToBeatControl ?? 0))[0];
  if (winner && primary)
    return {
      verdict: 'winner',
      variant: winner.variant,
      summary: `${winner.variant} beats ${experiment.controlVariant} on "${primary.event}" with a ${percent(winner.chanceToBeatControl!)} chance${
        winner.lift ? `; lift ${percent(winner.lift.lift)} (${range(winner.lift.interval)})` : ''
      }, sequential p = ${winner.sequential!.pValue.toPrecision(2)}.`,
      caveats,
    };
  const loser = significant.find((v) => (v.chanceToBeatControl ?? 1) <= 1 - CONFIDENCE);
  if (loser && primary)
    return {
      verdict: 'loser',
      variant: loser.variant,
      summary: `${loser.variant} does worse than ${experiment.controlVariant} on "${primary.event}" (sequential p = ${loser.sequential!.pValue.toPrecision(2)}).`,
      caveats,
    };
  return {
    verdict: 'inconclusive',
    summary:
      'No variant differs from control with 95% confidence yet. Keep it running, or accept that any difference is smaller than this sample can show.',
    caveats,
  };
}
