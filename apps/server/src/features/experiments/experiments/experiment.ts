/**
 * A conversion metric counts users who did the event at least once; a mean metric averages each user's summed
 * values; an impact metric divides an impact-metric counter's increments labelled with the variant by the variant's
 * exposed users (the samples are not per user). For an impact metric, `event` is the counter's name.
 */
export type MetricKind = 'conversion' | 'mean' | 'impact';
export type MetricRole = 'primary' | 'guardrail';
/** Which way is better: most metrics should go up, some guardrails (errors, latency) should not. */
export type MetricDirection = 'increase' | 'decrease';
export type ExperimentMetric = {
  /** The tracked event, or for an impact metric the impact-metric counter. */
  event: string;
  kind: MetricKind;
  role: MetricRole;
  direction: MetricDirection;
};
export type ExperimentStatus = 'draft' | 'running' | 'stopped';

/** A comparison of a flag's variants in one environment. */
export type Experiment = {
  id: number;
  flagName: string;
  environment: string;
  name: string;
  hypothesis: string;
  controlVariant: string;
  metrics: ExperimentMetric[];
  status: ExperimentStatus;
  startedAt: Date | null;
  stoppedAt: Date | null;
  createdBy: string;
  createdAt: Date;
};

export type NewExperiment = Pick<Experiment, 'name' | 'hypothesis' | 'controlVariant' | 'metrics'>;

/** At most this many metrics on one experiment: each one is a row per variant in every flush. */
export const MAX_METRICS = 10;

/** What is wrong with an experiment's set-up, naming the field; undefined when it is sound. */
export function setUpProblem(
  experiment: NewExperiment,
  variants: readonly string[],
): { field: string; message: string } | undefined {
  if (variants.length < 2)
    return {
      field: 'controlVariant',
      message: 'the flag needs at least two variants in this environment to run an experiment',
    };
  if (!variants.includes(experiment.controlVariant))
    return {
      field: 'controlVariant',
      message: `"${experiment.controlVariant}" is not one of the flag's variants (${variants.join(', ')})`,
    };
  const primaries = experiment.metrics.filter((metric) => metric.role === 'primary');
  if (primaries.length !== 1)
    return { field: 'metrics', message: 'exactly one metric must be the primary one' };
  const events = new Set<string>();
  for (const metric of experiment.metrics) {
    const key = `${metric.event}\u0000${metric.kind}`;
    if (events.has(key))
      return { field: 'metrics', message: `metric "${metric.event}" (${metric.kind}) is listed twice` };
    events.add(key);
  }
  return undefined;
}

/** The tracked events an experiment's metrics count (what the conversion recorder watches): impact metrics are not. */
export const trackedEvents = (metrics: readonly ExperimentMetric[]): string[] => [
  ...new Set(metrics.filter((metric) => metric.kind !== 'impact').map((metric) => metric.event)),
];
