import type { ClientFeature, ClientSegment } from '../features/sdk-serving/client-api/client-feature.ts';
import type { DeltaEvent } from '../features/sdk-serving/client-api/client-delta.ts';
import type { ServedToken } from '../features/sdk-serving/serving/token-scope.ts';

/** A client or frontend token as the upstream's `/edge/validate` describes it (which gives no expiry). */
export type EdgeToken = ServedToken;

export type FeaturesResponse =
  | { status: 'unchanged' }
  | {
      status: 'ok';
      etag?: string;
      revisionId?: number;
      features: ClientFeature[];
      segments: ClientSegment[];
    };

/** One message of the upstream's event stream: its revision and delta events. */
export type StreamMessage = { event: string; id?: number; events: DeltaEvent[] };

/**
 * The upstream cannot be reached, answered with a server error or asked the edge to slow down (429): the edge keeps
 * serving what it has, and asks again later (after `retryAfterSeconds` when the upstream said).
 */
export class UpstreamUnavailable extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A Retry-After header in seconds (its date form is not used by Switchyard or edges). */
const retryAfter = (response: Response): number | undefined => {
  const seconds = Number(response.headers.get('retry-after') ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
};

/** The upstream refused the edge's token or request, or does not speak the operation (404, 405). */
export class UpstreamRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The requests an edge makes upstream: to Switchyard or to another edge, which answers the same way. */
export function createUpstream(options: { url: string; appName: string; instanceId: string }) {
  const headers = (token?: string): Record<string, string> => ({
    ...(token ? { authorization: token } : {}),
    'unleash-appname': options.appName,
    'unleash-instanceid': options.instanceId,
    'unleash-client-spec': '5.2.0',
    'unleash-sdk': 'switchyard-edge:0.1.0',
  });

  const call = async (path: string, init: RequestInit & { token?: string }): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(`${options.url}${path}`, {
        ...init,
        headers: { ...headers(init.token), ...(init.headers as Record<string, string>) },
      });
    } catch (error) {
      throw new UpstreamUnavailable(`${path}: ${(error as Error).message}`);
    }
    if (response.status >= 500 || response.status === 429) {
      await response.body?.cancel();
      throw new UpstreamUnavailable(`${path}: upstream answered ${response.status}`, retryAfter(response));
    }
    if (response.status >= 400) {
      const text = await response.text().catch(() => '');
      throw new UpstreamRefused(
        `${path}: upstream answered ${response.status} ${text.slice(0, 200)}`,
        response.status,
      );
    }
    return response;
  };

  return {
    async validate(tokens: string[]): Promise<EdgeToken[]> {
      const response = await call('/edge/validate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tokens }),
      });
      return ((await response.json()) as { tokens: EdgeToken[] }).tokens;
    },

    async features(token: string, etag: string | undefined): Promise<FeaturesResponse> {
      const response = await call('/api/client/features', {
        token,
        headers: etag ? { 'if-none-match': etag } : {},
      });
      if (response.status === 304) return { status: 'unchanged' };
      const body = (await response.json()) as {
        features: ClientFeature[];
        segments?: ClientSegment[];
        meta?: { revisionId?: number };
      };
      return {
        status: 'ok',
        etag: response.headers.get('etag') ?? undefined,
        revisionId: body.meta?.revisionId,
        features: body.features,
        segments: body.segments ?? [],
      };
    },

    /** Reads the upstream's event stream until it ends or `signal` aborts; rejects when it cannot connect. */
    async stream(
      token: string,
      onMessage: (message: StreamMessage) => void,
      signal: AbortSignal,
    ): Promise<void> {
      const response = await call('/api/client/streaming', {
        token,
        signal,
        headers: { accept: 'text/event-stream' },
      });
      if (!response.body) return;
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const message = parseEvent(block);
            if (message) onMessage(message);
          }
        }
      } catch (error) {
        if (signal.aborted) return;
        throw new UpstreamUnavailable(`/api/client/streaming: ${(error as Error).message}`);
      }
    },

    async postBulk(token: string, body: unknown): Promise<void> {
      const response = await call('/api/client/metrics/bulk', {
        token,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await response.body?.cancel();
    },

    /** First exposures for experiments (may be none); answers which experiments run in the token's environment. */
    async postExposures(
      token: string,
      body: { exposures: { flagName: string; variant: string; userId: string; exposedAt: string }[] },
    ): Promise<{ id: number; flagName: string }[]> {
      const response = await call('/api/client/exposures', {
        token,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { experiments: { id: number; flagName: string }[] }).experiments;
    },
  };
}

export type Upstream = ReturnType<typeof createUpstream>;

/** One server-sent event block (`event:`, `id:`, `data:` lines); comments and keep-alives give undefined. */
export function parseEvent(block: string): StreamMessage | undefined {
  let event = 'message';
  let id: number | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = Number(value);
    else if (field === 'data') data.push(value);
  }
  if (!data.length) return undefined;
  try {
    const parsed = JSON.parse(data.join('\n')) as { events?: DeltaEvent[] };
    return { event, id: Number.isFinite(id) ? id : undefined, events: parsed.events ?? [] };
  } catch {
    return undefined;
  }
}
