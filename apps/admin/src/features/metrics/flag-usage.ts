import type { HourlyCount } from '../../api/wire.ts';

export type HourBucket = { hour: Date; yes: number; no: number };
export type EnvironmentUsage = { environment: string; yes: number; no: number };

const HOUR = 3600_000;

/** The last `hours` whole hours up to and including the current one, oldest first, summed over applications. */
export function hourlyBuckets(
  counts: HourlyCount[],
  environment: string | null,
  now = Date.now(),
  hours = 48,
): HourBucket[] {
  const current = Math.floor(now / HOUR) * HOUR;
  const buckets: HourBucket[] = Array.from({ length: hours }, (_, i) => ({
    hour: new Date(current - (hours - 1 - i) * HOUR),
    yes: 0,
    no: 0,
  }));
  for (const count of counts) {
    if (environment !== null && count.environment !== environment) continue;
    const index =
      hours - 1 - Math.round((current - Math.floor(Date.parse(count.timestamp) / HOUR) * HOUR) / HOUR);
    const bucket = buckets[index];
    if (!bucket) continue;
    bucket.yes += count.yes;
    bucket.no += count.no;
  }
  return buckets;
}

/** Totals per environment, busiest first. */
export function usageByEnvironment(counts: HourlyCount[]): EnvironmentUsage[] {
  const totals = new Map<string, EnvironmentUsage>();
  for (const count of counts) {
    const total = totals.get(count.environment) ?? { environment: count.environment, yes: 0, no: 0 };
    total.yes += count.yes;
    total.no += count.no;
    totals.set(count.environment, total);
  }
  return [...totals.values()].sort((a, b) => b.yes + b.no - (a.yes + a.no));
}

/** How often each variant was handed out, most first. */
export function variantTotals(counts: HourlyCount[], environment: string | null): [string, number][] {
  const totals = new Map<string, number>();
  for (const count of counts) {
    if (environment !== null && count.environment !== environment) continue;
    for (const [name, n] of Object.entries(count.variants)) totals.set(name, (totals.get(name) ?? 0) + n);
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

export const applicationsOf = (counts: HourlyCount[]) => [...new Set(counts.map((c) => c.appName))].sort();

/** "73% on" style share of yes answers; a dash when nothing was counted. */
export function shareOn(usage: { yes: number; no: number }): string {
  const total = usage.yes + usage.no;
  return total === 0 ? '–' : `${Math.round((usage.yes / total) * 100)}% on`;
}
