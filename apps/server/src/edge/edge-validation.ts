import { UpstreamRefused, UpstreamUnavailable, type EdgeToken } from './edge-upstream.ts';

/** The upstream's `/edge/validate` takes at most this many tokens a request. */
export const MAX_BATCH = 100;
/** New tokens that may wait for a batch; past this the edge is busy (503) rather than holding more in memory. */
const MAX_WAITING = 1_000;
/** How long the edge waits before asking again when the upstream failed without saying (Retry-After). */
const PAUSE_SECONDS = 5;
/** The longest pause an upstream's Retry-After may ask for. */
const MAX_PAUSE_SECONDS = 60;

type Waiting = {
  promise: Promise<EdgeToken | undefined>;
  resolve: (token: EdgeToken | undefined) => void;
  reject: (error: unknown) => void;
};

/**
 * Asks the upstream about new tokens in batches: one call at a time, at least `batchMs` after the previous one
 * started, with every token that came in meanwhile (up to 100). When the upstream cannot answer (unreachable, 429,
 * or it refuses the request), every waiting token fails at once and new ones fail without asking until the pause
 * ends, with the seconds left, so a flood of tokens costs a struggling upstream nothing more (decision record 0023).
 */
export function createValidationBatches(deps: {
  validate: (secrets: string[]) => Promise<EdgeToken[]>;
  batchMs: number;
  now: () => number;
}) {
  const waiting = new Map<string, Waiting>();
  let timer: NodeJS.Timeout | undefined;
  let asking = false;
  let lastStart = -Infinity;
  let pausedUntil = 0;
  let pauseReason = '';

  const paused = () =>
    new UpstreamUnavailable(pauseReason, Math.max(1, Math.ceil((pausedUntil - deps.now()) / 1000)));

  const pause = (error: UpstreamUnavailable | UpstreamRefused) => {
    const seconds =
      error instanceof UpstreamUnavailable && error.retryAfterSeconds
        ? Math.min(error.retryAfterSeconds, MAX_PAUSE_SECONDS)
        : PAUSE_SECONDS;
    pausedUntil = deps.now() + seconds * 1000;
    pauseReason = `the upstream cannot validate tokens now (${error.message})`;
    const failure = paused();
    for (const each of waiting.values()) each.reject(failure);
    waiting.clear();
    return failure;
  };

  const schedule = () => {
    if (timer || asking || !waiting.size) return;
    timer = setTimeout(() => void ask(), Math.max(0, lastStart + deps.batchMs - deps.now()));
  };

  const ask = async () => {
    timer = undefined;
    const batch = [...waiting].slice(0, MAX_BATCH);
    for (const [secret] of batch) waiting.delete(secret);
    asking = true;
    lastStart = deps.now();
    try {
      const valid = new Map((await deps.validate(batch.map(([secret]) => secret))).map((t) => [t.token, t]));
      for (const [secret, each] of batch) each.resolve(valid.get(secret));
    } catch (error) {
      const failure =
        error instanceof UpstreamUnavailable || error instanceof UpstreamRefused ? pause(error) : error;
      for (const [, each] of batch) each.reject(failure);
    } finally {
      asking = false;
      schedule();
    }
  };

  return {
    /** The upstream's verdict on one token: the token, or undefined when refused. Rejects while it cannot say. */
    ask(secret: string): Promise<EdgeToken | undefined> {
      const queued = waiting.get(secret);
      if (queued) return queued.promise;
      if (pausedUntil > deps.now()) return Promise.reject(paused());
      if (waiting.size >= MAX_WAITING)
        return Promise.reject(new UpstreamUnavailable('too many new tokens are waiting to be validated', 1));
      let resolve!: Waiting['resolve'];
      let reject!: Waiting['reject'];
      const promise = new Promise<EdgeToken | undefined>((yes, no) => ((resolve = yes), (reject = no)));
      waiting.set(secret, { promise, resolve, reject });
      schedule();
      return promise;
    },
  };
}
