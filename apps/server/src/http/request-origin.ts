import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * The address of the caller whose request is running now, for the record of what it changed (an event's `ip`).
 * Changes made outside a request (a scheduler, a worker) have none.
 */
const origin = new AsyncLocalStorage<string>();

export const requestOrigin = (): string | null => origin.getStore() ?? null;

/**
 * Runs every request's handler with its caller's address (http/caller.ts decided it) as the request origin. It is set
 * once the body is read (preValidation), so the body parser's callbacks cannot lose it.
 */
export function registerRequestOrigin(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => origin.run(request.ip, done));
}
