/** One HTTP client for an Unleash-compatible Admin API: the source Unleash and the Switchyard target alike. */
export type AdminClient = {
  url: string;
  get<T>(path: string): Promise<T>;
  /** Undefined when the server answers 404 (or 403/501: a feature this edition does not have). */
  tryGet<T>(path: string): Promise<T | undefined>;
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
  /**
   * A Client API read with an SDK token, as a current SDK asks (client spec 5.2.0): segments by id, not inlined
   * into the strategies, so verification compares the segments themselves.
   */
  client<T>(path: string, token: string): Promise<T>;
  /** How many writes this client has sent. */
  writes(): number;
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's body, parsed when it is JSON: Switchyard's names the field and the rule in `details`. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export function createAdminClient(url: string, token: string): AdminClient {
  const base = url.replace(/\/+$/, '');
  let writes = 0;

  async function call(
    method: string,
    path: string,
    auth: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: {
            authorization: auth,
            accept: 'application/json',
            ...headers,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        // A busy server may refuse for a moment; anything else is an answer.
        if ((response.status === 429 || response.status === 503) && attempt < 5) {
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
          continue;
        }
        return response;
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  async function parse<T>(method: string, path: string, response: Response): Promise<T> {
    const text = await response.text();
    if (!response.ok) {
      throw new HttpError(
        response.status,
        `${method} ${base}${path} → ${response.status}: ${text.slice(0, 500)}`,
        parseJson(text),
      );
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    url: base,
    async get<T>(path: string) {
      return parse<T>('GET', path, await call('GET', path, token));
    },
    async tryGet<T>(path: string) {
      const response = await call('GET', path, token);
      if ([403, 404, 501].includes(response.status)) return undefined;
      return parse<T>('GET', path, response);
    },
    async send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
      writes++;
      return parse<T>(method, path, await call(method, path, token, body));
    },
    async client<T>(path: string, sdkToken: string) {
      return parse<T>(
        'GET',
        path,
        await call('GET', path, sdkToken, undefined, { 'unleash-client-spec': '5.2.0' }),
      );
    },
    writes: () => writes,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
