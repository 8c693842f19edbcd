import { CliError } from './io.ts';

/** The Admin API of Switchyard or Unleash, through its public, Unleash-compatible paths only. */
export type AdminClient = {
  url: string;
  get<T>(path: string): Promise<T>;
  /** Undefined when the server answers 404, or 403/501 for an operation its edition lacks. */
  tryGet<T>(path: string): Promise<T | undefined>;
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
};

type ErrorDetail = { path?: string; message?: string; description?: string };

/** An answer the server refused, with the fields its body names. */
export class ApiError extends CliError {
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    readonly body: unknown,
  ) {
    super(describeRefusal(status, method, path, body));
  }
}

/**
 * One readable message from an error body: Switchyard's `{message, details: [{path, message}]}` names the field as
 * a JSON pointer (`/body/name`), which becomes `name`; Unleash's `{message, details: [{description}]}` reads alike.
 */
export function describeRefusal(status: number, method: string, path: string, body: unknown): string {
  const record = (body ?? {}) as { message?: unknown; details?: unknown; permissions?: unknown };
  const details = Array.isArray(record.details) ? (record.details as ErrorDetail[]) : [];
  const head = `${method} ${path} was refused (${status}${statusText(status)})`;
  const lines: string[] = [];
  for (const detail of details) {
    const text = detail.message ?? detail.description;
    if (!text) continue;
    const field = detail.path?.replace(/^\/(body|params|querystring)\/?/, '').replace(/\//g, '.');
    lines.push(field ? `  ${field}: ${text.replace(/^Request validation failed: /, '')}` : `  ${text}`);
  }
  const message = typeof record.message === 'string' ? record.message : undefined;
  if (lines.length === 0 && message) lines.push(`  ${message}`);
  if (lines.length === 0 && typeof body === 'string' && body) lines.push(`  ${body.slice(0, 300)}`);
  if (Array.isArray(record.permissions) && record.permissions.length)
    lines.push(`  needs the permission ${record.permissions.join(', ')}`);
  if (status === 401) lines.push('  sign in with --token, SWITCHYARD_TOKEN or `switchyard login`');
  return [head, ...[...new Set(lines)]].join('\n');
}

function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: ' bad request',
    401: ' not signed in',
    403: ' not allowed',
    404: ' not found',
    409: ' conflict',
  };
  return texts[status] ?? '';
}

export function createAdminClient(url: string, token: string, fetcher: typeof fetch = fetch): AdminClient {
  const base = url.replace(/\/+$/, '');

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetcher(`${base}${path}`, {
          method,
          headers: {
            authorization: token,
            accept: 'application/json',
            'user-agent': 'switchyard-cli',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        // A busy server may refuse for a moment; anything else is an answer.
        if ((response.status === 429 || response.status === 503) && attempt < 5) {
          await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
          continue;
        }
        return response;
      } catch (error) {
        if (attempt >= 3)
          throw new CliError(
            `cannot reach ${base}: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  }

  async function parse<T>(method: string, path: string, response: Response): Promise<T> {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    if (!response.ok) throw new ApiError(response.status, method, path, parsed);
    return parsed as T;
  }

  return {
    url: base,
    async get<T>(path: string) {
      return parse<T>('GET', path, await call('GET', path));
    },
    async tryGet<T>(path: string) {
      const response = await call('GET', path);
      if ([403, 404, 501].includes(response.status)) return undefined;
      return parse<T>('GET', path, response);
    },
    async send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
      return parse<T>(method, path, await call(method, path, body));
    },
  };
}

/** A path segment, escaped. */
export const seg = (value: string) => encodeURIComponent(value);
