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

/** One environment's state compiled for the Frontend API and OFREP. */
export function compileState(state: EnvironmentState): CompiledSnapshot {
  return compileSnapshot({ features: state.features, segments: state.segments } as never);
}
