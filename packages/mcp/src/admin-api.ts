/** The Admin API as the MCP server uses it: JSON over fetch with the configured token, errors carrying the message. */
export type AdminApiOptions = { url: string; token: string };

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function createAdminApi({ url, token }: AdminApiOptions) {
  const base = url.replace(/\/+$/, '');
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(base + path, {
      method,
      headers: {
        authorization: token,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text || response.statusText;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // not JSON
      }
      throw new AdminApiError(response.status, `${method} ${path} answered ${response.status}: ${message}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;

export const segment = (value: string) => encodeURIComponent(value);
