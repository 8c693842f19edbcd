import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON body serialised once and shared by many responses; gzip is computed on first use, then reused. */
export type PreparedBody = { json: Buffer; gzip(): Buffer };

export function prepareBody(json: Buffer): PreparedBody {
  let gzipped: Buffer | undefined;
  return { json, gzip: () => (gzipped ??= gzipSync(json, { level: 6 })) };
}

const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/** Sends a prepared JSON body, gzipped when the caller accepts it (browsers and most SDKs do). */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, body: PreparedBody) {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body.gzip());
  return reply.send(body.json);
}
