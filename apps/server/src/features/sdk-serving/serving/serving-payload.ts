import type { OutgoingHttpHeaders } from 'node:http';
import { compileSnapshot, type CompiledSnapshot } from '@switchyard/evaluation';
import { prepareBody, type PreparedBody } from '../../../http/prepared-body.ts';
import type { EnvironmentState } from '../client-api/client-feature.ts';
import { buildClientFeaturesBody, type ClientFeaturesBody } from '../client-api/client-payload.ts';
import { queryHash, type ClientQuery } from '../client-api/client-query.ts';

/** A serialised client payload, shared by every request with the same resolved query until something changes. */
export type CachedPayload = PreparedBody & {
  etag: string;
  revisionId: number;
  body: ClientFeaturesBody;
};

/** The Client API's answer to one resolved query, serialised once: the server's cache and the edge both call this. */
export function preparePayload(state: EnvironmentState, query: ClientQuery): CachedPayload {
  const hash = queryHash(query);
  // The suffix names the payload's format: v2 carries only the segments its flags use (decision record 0024), so
  // an SDK holding a v1 ETag from before gets the new payload, not a 304 for the same revision.
  const etag = `"${hash}:${state.revisionId}:v2"`;
  const body = buildClientFeaturesBody(state, query, hash, etag);
  return { ...prepareBody(Buffer.from(JSON.stringify(body))), etag, revisionId: state.revisionId, body };
}

/** The headers of a payload's three answers: 304 to its ETag, the JSON, and the JSON gzipped. */
export type PayloadHeaders = {
  notModified: OutgoingHttpHeaders;
  json: OutgoingHttpHeaders;
  /** Built on first use: it names the gzipped length, and gzip is only computed when someone asks for it. */
  gzip(): OutgoingHttpHeaders;
};

/**
 * The headers every answer from a payload carries (`first`: a server's security headers, say), built once per
 * payload instead of once per poll: a payload is replaced, never changed, so its headers are as well.
 */
export function createPayloadHeaders(first: Record<string, string> = {}) {
  const built = new WeakMap<CachedPayload, PayloadHeaders>();
  const ok = (payload: CachedPayload, body: Buffer, gzip: boolean): OutgoingHttpHeaders => ({
    ...first,
    'content-type': 'application/json; charset=utf-8',
    etag: payload.etag,
    vary: 'accept-encoding',
    'content-length': body.length,
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
  return (payload: CachedPayload): PayloadHeaders => {
    let headers = built.get(payload);
    if (!headers) {
      let gzip: OutgoingHttpHeaders | undefined;
      headers = {
        notModified: { ...first, etag: payload.etag, vary: 'accept-encoding' },
        json: ok(payload, payload.json, false),
        gzip: () => (gzip ??= ok(payload, payload.gzip(), true)),
      };
      built.set(payload, headers);
    }
    return headers;
  };
}

/** One environment's state compiled for the Frontend API and OFREP. */
export function compileState(state: EnvironmentState): CompiledSnapshot {
  return compileSnapshot({ features: state.features, segments: state.segments } as never);
}
