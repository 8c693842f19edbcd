import type { FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../../../http/errors.ts';

type Window = { start: number; count: number };

/**
 * A fixed window of requests per client address, in this process's memory: the edge operations answer without a
 * token, so this keeps one address from turning them into a token-guessing or hashing service. An edge calls them at
 * start-up and when it sees a new token, far below the limit.
 */
export function createRateLimit(options: { limit: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  return async (request: FastifyRequest): Promise<void> => {
    const time = now();
    // Pruned as it grows, so no timer is needed and nothing outlives the app.
    if (windows.size > 10_000) {
      for (const [key, window] of windows) if (time - window.start >= options.windowMs) windows.delete(key);
    }
    let window = windows.get(request.ip);
    if (!window || time - window.start >= options.windowMs) {
      window = { start: time, count: 0 };
      windows.set(request.ip, window);
    }
    window.count += 1;
    if (window.count > options.limit) {
      const seconds = Math.max(1, Math.ceil((window.start + options.windowMs - time) / 1000));
      throw new TooManyRequestsError(
        `Too many requests from this address. Try again in ${seconds} seconds.`,
        seconds,
      );
    }
  };
}
