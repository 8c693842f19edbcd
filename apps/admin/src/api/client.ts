import createClient from 'openapi-fetch';
import type { paths } from './schema';
import { operations, type OperationId } from './operations.ts';
import type { PathOf, QueryOf, RequestOf, ResponseOf } from './wire.ts';
import { basePath } from './base-path.ts';

export type ErrorDetail = { message: string; path?: string };

/** A refusal from the server, with its stable error `name` and the fields it names in `details`. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorName: string;
  readonly details: ErrorDetail[];
  constructor(status: number, body: unknown) {
    const record = (typeof body === 'object' && body ? body : {}) as Record<string, unknown>;
    const message = typeof record.message === 'string' ? record.message : `The server answered ${status}`;
    super(message);
    this.status = status;
    this.errorName = typeof record.name === 'string' ? record.name : 'Error';
    this.details = Array.isArray(record.details) ? (record.details as ErrorDetail[]) : [];
  }
}

/**
 * A field of the options, shaped by what the operation takes: absent when it takes none, optional when an empty
 * value would do, required otherwise.
 */
type Field<Key extends string, Value> = [Value] extends [never]
  ? { [K in Key]?: never }
  : Record<never, never> extends Value
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };
/** What a call of an operation sends: its path parameters, query and JSON body, each typed from schema.d.ts. */
export type CallOptions<Id extends OperationId> = Field<'params', PathOf<Id>> &
  Field<'query', QueryOf<Id>> &
  Field<'body', RequestOf<Id>> & { signal?: AbortSignal };
/** The options may be left out when the operation needs none of them. */
type OptionsArgument<Id extends OperationId> =
  Record<never, never> extends CallOptions<Id> ? [options?: CallOptions<Id>] : [options: CallOptions<Id>];

type Scalar = string | number | boolean;
type Query = Record<string, Scalar | Scalar[] | undefined>;
/** What every call's options look like inside the client, once the operation no longer matters. */
type SentOptions = {
  params?: Record<string, Scalar>;
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * The one client: openapi-fetch over the generated paths. Operations the server has not published yet are
 * called through the same client by path, so nothing changes here when they land.
 */
const client = createClient<paths>({
  baseUrl: `${globalThis.location?.origin ?? ''}${basePath}`,
  credentials: 'same-origin',
  // Looked up per request, so tests can stand in for the server.
  fetch: (request) => globalThis.fetch(request),
});
type LooseRequest = (
  method: string,
  url: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
const request = client.request as unknown as LooseRequest;

let onUnauthorized: () => void = () => {};
/** The session feature registers how to react when the server says the session has ended. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function dropUndefined(query: Query | undefined): Record<string, Scalar | Scalar[]> | undefined {
  if (!query) return undefined;
  const result: Record<string, Scalar | Scalar[]> = {};
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') result[key] = value;
  return result;
}

/** Calls a server operation by its operationId: parameters, body and answer are typed from schema.d.ts. */
export async function call<Id extends OperationId>(
  operationId: Id,
  ...[options]: OptionsArgument<Id>
): Promise<ResponseOf<Id>>;
export async function call(operationId: OperationId, options: SentOptions = {}): Promise<unknown> {
  const [method, path] = operations[operationId];
  const init: Record<string, unknown> = {
    params: { path: options.params, query: dropUndefined(options.query) },
    signal: options.signal,
    // Empty bodies are sent as JSON too: the server answers 415 to a POST without a JSON content type.
    body: options.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
    querySerializer: { array: { style: 'form', explode: true } },
  };
  const { data, error, response } = await request(method.toLowerCase(), path, init);
  if (!response.ok) {
    if (response.status === 401 && operationId !== 'login' && operationId !== 'getMe') onUnauthorized();
    throw new ApiError(response.status, error);
  }
  return data;
}
