import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClientQueryString } from '../features/sdk-serving/client-api/client-query.ts';
import type { SerialisedBody } from '../features/sdk-serving/frontend-api/frontend-response.ts';
import { createPayloadHeaders, type CachedPayload } from '../features/sdk-serving/serving/serving-payload.ts';
import { HttpError, type ErrorDetail } from '../http/errors.ts';
import { findBadText, MAY_HOLD_BAD_TEXT } from '../http/storable-input.ts';

/** The edge's HTTP plumbing: bodies in, prepared bodies out, errors in Switchyard's one format. */
export const MAX_BODY = 2 * 1024 * 1024;

/** An error the edge answers itself, in Switchyard's one error format. */
export class EdgeError extends HttpError {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
    details?: ErrorDetail[],
    /** Sent as Retry-After: when to try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message, details);
  }
}
export const badData = (path: string, message: string) =>
  new EdgeError(400, 'BadDataError', `Request validation failed: ${message}`, [{ path, message }]);

export type Request = IncomingMessage & { pathname: string; query: URLSearchParams };
export type Handler = (request: Request, response: ServerResponse) => Promise<void> | void;

export const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(text);
};

export async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const type = request.headers['content-type'] ?? '';
  // Events rather than an async iterator: this runs for every Frontend API request.
  const chunks = await new Promise<Buffer[]>((resolve, reject) => {
    const received: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        request.removeAllListeners('data');
        request.resume();
        reject(new EdgeError(413, 'ContentTooLargeError', `The body is larger than ${MAX_BODY} bytes`));
      } else received.push(chunk);
    });
    request.once('end', () => resolve(received));
    request.once('error', reject);
  });
  const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  if (!size) return {};
  if (!/^application\/(.+\+)?json\b/i.test(type))
    throw new EdgeError(
      415,
      'ContentTypeError',
      `Unsupported Media Type: ${type || '(none)'}; send application/json`,
    );
  let body: unknown;
  const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
  try {
    body = JSON.parse(text);
  } catch {
    throw badData('/body', 'the body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badData('/body', 'the body must be a JSON object');
  // The server's rule for text it could not store (NUL, lone surrogates), so both answer alike.
  const bad = MAY_HOLD_BAD_TEXT.test(text) ? findBadText(body, '/body') : undefined;
  if (bad) throw new EdgeError(400, 'BadDataError', `Request validation failed: ${bad.message}`, [bad]);
  return body as Record<string, unknown>;
}

/** The query string as the Client API reads it: repeated keys become lists. */
export function clientQueryString(query: URLSearchParams): ClientQueryString {
  const pick = (name: string) => {
    const values = query.getAll(name);
    return values.length > 1 ? values : values[0];
  };
  const out: ClientQueryString = {};
  const project = pick('project');
  const tag = pick('tag');
  if (project !== undefined) out.project = project;
  if (tag !== undefined) out.tag = tag;
  if (query.has('namePrefix')) out.namePrefix = query.get('namePrefix')!;
  if (query.has('environment')) out.environment = query.get('environment')!;
  return out;
}

export const queryObject = (query: URLSearchParams): Record<string, unknown> =>
  Object.fromEntries(query.entries());

export const callerIp = (request: IncomingMessage) => request.socket.remoteAddress ?? '';

export const acceptsGzip = (request: IncomingMessage) =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

const payloadHeaders = createPayloadHeaders();

export function sendPayload(request: IncomingMessage, response: ServerResponse, payload: CachedPayload) {
  const headers = payloadHeaders(payload);
  if (request.headers['if-none-match'] === payload.etag) {
    response.writeHead(304, headers.notModified).end();
    return;
  }
  if (acceptsGzip(request)) response.writeHead(200, headers.gzip()).end(payload.gzip());
  else response.writeHead(200, headers.json).end(payload.json);
}

export function sendSerialised(request: IncomingMessage, response: ServerResponse, body: SerialisedBody) {
  const headers = { 'cache-control': 'no-cache', etag: body.etag };
  if (request.headers['if-none-match'] === body.etag) {
    response.writeHead(304, headers).end();
    return;
  }
  response.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(body.json);
}
