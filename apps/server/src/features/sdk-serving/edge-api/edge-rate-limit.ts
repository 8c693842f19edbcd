import type { FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../../../http/errors.ts';

type Window = { start: number; spent: number };

/**
 * A fixed window per key (a client address) of what it may spend: requests, or tokens that were refused. In this
 * process's memory, pruned as it grows, so no timer is needed and nothing outlives its owner. The server's edge
 * operations and the edge itself use it (decision record 0023).
 */
export function createWindowBudget(options: {
  limit: number;
  windowMs: number;
  now?: () => number;
  /** What was spent, for the 429's message: "requests" unless told. */
  what?: string;
}) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  const windowOf = (key: string): Window => {
    const time = now();
    if (windows.size > 10_000) {
      for (const [each, window] of windows) if (time - window.start >= options.windowMs) windows.delete(each);
    }
    let window = windows.get(key);
    if (!window || time - window.start >= options.windowMs) {
      window = { start: time, spent: 0 };
      windows.set(key, window);
    }
    return window;
  };
  return {
    /** Refuses with 429 and Retry-After while the key has spent its budget in this window. */
    check(key: string): void {
      const window = windowOf(key);
      if (window.spent < options.limit) return;
      const seconds = Math.max(1, Math.ceil((window.start + options.windowMs - now()) / 1000));
      throw new TooManyRequestsError(
        `Too many ${options.what ?? 'requests'} from this address. Try again in ${seconds} seconds.`,
        seconds,
      );
    },
    spend(key: string, amount = 1): void {
      windowOf(key).spent += amount;
    },
    /** Gives back what turned out not to count (a token that was valid after all). */
    refund(key: string, amount = 1): void {
      const window = windows.get(key);
      if (window) window.spent = Math.max(0, window.spent - amount);
    },
  };
}

export type WindowBudget = ReturnType<typeof createWindowBudget>;

/**
 * Requests per client address: the edge operations answer without a token, so this keeps one address from turning
 * them into a hashing service. An edge calls them at start-up and when it sees a new token, far below the limit.
 */
export function createRateLimit(options: { limit: number; windowMs: number; now?: () => number }) {
  const budget = createWindowBudget(options);
  return async (request: FastifyRequest): Promise<void> => {
    budget.check(request.ip);
    budget.spend(request.ip);
  };
}
