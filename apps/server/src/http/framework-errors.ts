import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';

/** What a URL with an invalid percent-encoding gets, from Fastify's router and the SDK handler alike. */
export const MALFORMED_URL = 'The URL is malformed: it has an invalid percent-encoding';

/** Fastify's own refusals before routing (a malformed URL, say) in the one error format. */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? MALFORMED_URL : error.message;
  void reply.status(status).send(errorBody('BadDataError', message));
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
  HPE_URI_TOO_LONG: [414, 'URI Too Long', 'The URL is too long'],
};

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers too large, bytes that are not HTTP): the answer
 * still uses the one error format, then the connection closes, as the request cannot be trusted to have ended.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'The request is not valid HTTP',
  ];
  const body = JSON.stringify(
    errorBody(status === 400 ? 'BadDataError' : reason.replaceAll(' ', ''), message),
  );
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
