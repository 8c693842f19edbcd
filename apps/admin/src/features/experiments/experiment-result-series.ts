import type { ResponseOf } from '../../api/wire.ts';

export type ExperimentResultsData = ResponseOf<'getExperimentResults'>;
type Metric = ExperimentResultsData['metrics'][number];
type Daily = ExperimentResultsData['daily'];

export const percent = (x: number | null | undefined, digits = 1) =>
  x === null || x === undefined ? '–' : `${(x * 100).toFixed(digits)}%`;
const signed = (x: number) => `${x >= 0 ? '+' : ''}${percent(x)}`;

/** How a metric's estimates read: a rate as a percentage, a mean as a number. */
export const showOf = (metric: Pick<Metric, 'kind'>) => (x: number) =>
  metric.kind === 'conversion' ? percent(x, 2) : x.toFixed(3);

/** What a metric's estimate is, in words. */
export const kindLabel = (kind: string) =>
  kind === 'conversion'
    ? 'conversion rate'
    : kind === 'impact'
      ? 'impact metric, increments per exposed user'
      : 'mean per user';

/** One row of the interval plot: where the estimate and its interval sit on a shared 0–1 scale. */
export type IntervalRow = {
  variant: string;
  isControl: boolean;
  label: string;
  estimate: number;
  low: number;
  high: number;
};

/** The primary metric's variants on one scale that holds every interval, control first. */
export function intervalPlot(metric: Metric): {
  rows: IntervalRow[];
  control?: { low: number; high: number };
  /** The values at the scale's ends, as the plot labels them. */
  scale: { from: string; to: string };
} {
  const show = showOf(metric);
  const lows = metric.variants.map((v) => v.interval.low);
  const highs = metric.variants.map((v) => v.interval.high);
  const min = Math.min(...lows);
  const max = Math.max(...highs);
  const span = max - min || 1;
  const at = (x: number) => (x - min) / span;
  const rows = metric.variants.map((v) => ({
    variant: v.variant,
    isControl: v.isControl,
    label: `${v.variant}${v.isControl ? ' (control)' : ''}: ${show(v.estimate)}, 95% interval ${show(v.interval.low)} to ${show(v.interval.high)}${
      v.lift ? `; lift ${signed(v.lift.lift)}` : ''
    }`,
    estimate: at(v.estimate),
    low: at(v.interval.low),
    high: at(v.interval.high),
  }));
  const control = rows.find((row) => row.isControl);
  return {
    rows,
    control: control && { low: control.low, high: control.high },
    scale: { from: show(min), to: show(max) },
  };
}

/** The chart's rows: per day, each variant's cumulative lift and its interval band, in percent. */
export function liftRows(
  daily: Daily,
  controlVariant: string,
): Record<string, string | number | number[] | null>[] {
  return daily.map((point) => {
    const row: Record<string, string | number | number[] | null> = { day: point.day };
    for (const v of point.variants) {
      if (v.variant === controlVariant) continue;
      row[`${v.variant}`] = v.lift ? round(v.lift.lift * 100) : null;
      row[`${v.variant} interval`] = v.lift
        ? [round(v.lift.interval.low * 100), round(v.lift.interval.high * 100)]
        : null;
    }
    return row;
  });
}
const round = (x: number) => Math.round(x * 100) / 100;

/** The variants the lift chart draws: every one but control. */
export const liftVariants = (daily: Daily, controlVariant: string) =>
  (daily[0]?.variants ?? []).map((v) => v.variant).filter((variant) => variant !== controlVariant);

/** What the lift chart shows, in words: for screen readers and as its caption. */
export function liftSummary(daily: Daily, controlVariant: string, event: string): string {
  const last = daily.at(-1);
  if (!last) return '';
  const lines = last.variants
    .filter((v) => v.variant !== controlVariant)
    .map((v) =>
      v.lift
        ? `${v.variant} ${signed(v.lift.lift)} (${percent(v.lift.interval.low)} to ${percent(v.lift.interval.high)})`
        : `${v.variant} no lift yet`,
    );
  return `Cumulative lift over ${controlVariant} on "${event}", ${daily.length} ${daily.length === 1 ? 'day' : 'days'} from ${daily[0]!.day} to ${last.day}: ${lines.join('; ')}.`;
}

const VERDICT_LABELS: Record<ExperimentResultsData['verdict']['verdict'], string> = {
  winner: 'Winner',
  loser: 'Loser',
  'guardrail-breached': 'Guardrail breached',
  'sample-ratio-mismatch': 'Sample-ratio mismatch',
  collecting: 'Collecting data',
  inconclusive: 'Inconclusive',
};

/** The verdict in one line, and the warnings that come first: a broken split, too few users. */
export function verdictLine(data: ExperimentResultsData): { headline: string; warnings: string[] } {
  const { verdict } = data.verdict;
  const headline = `${VERDICT_LABELS[verdict]}${data.verdict.variant ? `: ${data.verdict.variant}` : ''}. ${data.verdict.summary}`;
  const warnings: string[] = [];
  if (data.sampleRatio.mismatch)
    warnings.push(
      `Sample-ratio mismatch (p = ${data.sampleRatio.pValue.toPrecision(2)}): the users per variant do not match the configured split.`,
    );
  if (verdict === 'collecting') {
    const fewest = [...data.variants].sort((a, b) => a.users - b.users)[0];
    if (fewest)
      warnings.push(
        `Too few users: ${fewest.variant} has ${fewest.users}, so the numbers below can still move a lot.`,
      );
  }
  return { headline, warnings };
}
