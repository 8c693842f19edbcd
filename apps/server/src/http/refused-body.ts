import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The most of a refused body read and thrown away before the answer goes out with the connection closed. */
export const REFUSED_BODY_DRAIN_BYTES = 64 * 1024 * 1024;
const REFUSED_BODY_DRAIN_MS = 10_000;

/** Reads the rest of a request body and throws it away; true once all of it arrived within the bounds. */
function drain(raw: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (complete: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', onEnd).off('close', onClose);
      resolve(complete);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > REFUSED_BODY_DRAIN_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), REFUSED_BODY_DRAIN_MS);
    raw.on('data', onData).once('end', onEnd).once('close', onClose);
    raw.resume();
  });
}

/**
 * Fastify refuses a body (413 too large, 415 unsupported type) before the body has arrived and closes the connection
 * with its answer. A sender still writing (a worker relaying a client's upload, curl) then meets a broken pipe instead
 * of the answer: a worker answered 503 "write EPIPE" where the primary had answered 413. The answer waits instead
 * until the rest of the body has been read and thrown away (up to REFUSED_BODY_DRAIN_BYTES and a few seconds), so
 * every sender reads it, and the connection stays open for the next request when the whole body arrived.
 */
export function drainRefusedBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const raw = request.raw;
    if (raw.complete || raw.readableEnded || reply.statusCode < 400 || reply.statusCode >= 500) return;
    if (String(reply.getHeader('connection') ?? '').toLowerCase() !== 'close') return;
    if (await drain(raw)) reply.removeHeader('connection');
  });
}
