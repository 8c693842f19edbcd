import type { EvaluationOptions } from './types.ts';

/** What evaluation needs from the outside world, resolved once from EvaluationOptions. */
export type Runtime = {
  /** Epoch milliseconds, for DATE_* constraints without a currentTime. */
  now: () => number;
  /** A number in [0, 1), for random stickiness and gradualRolloutRandom. */
  random: () => number;
  /** The evaluating host's name, for applicationHostname; undefined matches no host. */
  hostname: string | undefined;
};

export function createRuntime(options: EvaluationOptions = {}): Runtime {
  return {
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    hostname: options.hostname,
  };
}
