/** The soak's arithmetic, kept apart from its I/O so it can be tested. */

/** The nearest-rank percentile (p in 0..100) of latencies in ms; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** The least-squares slope of y over x; undefined for fewer than two distinct x. */
export function slope(points: readonly { x: number; y: number }[]): number | undefined {
  const n = points.length;
  if (n < 2) return undefined;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let covariance = 0;
  let varianceX = 0;
  for (const p of points) {
    covariance += (p.x - meanX) * (p.y - meanY);
    varianceX += (p.x - meanX) ** 2;
  }
  return varianceX === 0 ? undefined : covariance / varianceX;
}

export type RssSample = { seconds: number; rssMb: number };

/**
 * RSS growth in MB per minute over the samples after the first minute (start-up, seeding and the first bursts
 * settle there). A run too short to have two such samples uses all of them, and says so.
 */
export function rssSlope(samples: readonly RssSample[]): {
  mbPerMinute: number | undefined;
  fromSeconds: number;
} {
  const settled = samples.filter((s) => s.seconds > 60);
  const used = settled.length >= 2 ? settled : samples;
  return {
    mbPerMinute: slope(used.map((s) => ({ x: s.seconds / 60, y: s.rssMb }))),
    fromSeconds: used[0]?.seconds ?? 0,
  };
}

/** What happened in one reporting interval, or in the whole run. */
export type Tally = { requests: number; errors: number; unexpected: number; latencies: number[] };

export const newTally = (): Tally => ({ requests: 0, errors: 0, unexpected: 0, latencies: [] });

/** Counts one answer: a socket error has no status; anything but 2xx and 304 is unexpected. */
export function record(tally: Tally, latencyMs: number, status: number | undefined): void {
  tally.requests++;
  tally.latencies.push(latencyMs);
  if (status === undefined) tally.errors++;
  else if (!((status >= 200 && status < 300) || status === 304)) tally.unexpected++;
}

/**
 * The soak's duration in minutes if one was asked for (`soak`, `--minutes 3`, `--minutes=3` or SOAK_MINUTES),
 * else undefined: the ordinary bench runs.
 */
export function soakMinutes(
  args: readonly string[],
  env: Record<string, string | undefined>,
): number | undefined {
  const flag = args.findIndex((arg) => arg === '--minutes' || arg.startsWith('--minutes='));
  const given =
    flag < 0 ? env.SOAK_MINUTES : args[flag]!.includes('=') ? args[flag]!.split('=')[1] : args[flag + 1];
  if (given === undefined || given === '') return args.includes('soak') ? 10 : undefined;
  const minutes = Number(given);
  if (!Number.isFinite(minutes) || minutes <= 0)
    throw new Error(`soak: minutes must be a positive number, not "${given}"`);
  return minutes;
}
