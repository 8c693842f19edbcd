import type { FlagResult } from '@switchyard/evaluation';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One toggle of a Frontend API response, serialised once, with two content hashes for the ETag. */
type Fragment = { json: string; h1: number; h2: number };

/**
 * Evaluation hands out the same frozen FlagResult for the same outcome, so each outcome is serialised and hashed
 * once and a response is a join of cached strings: no JSON.stringify and no hash over the body per request.
 */
const fragments = new WeakMap<FlagResult, Fragment>();

/** FNV-1a over UTF-16 code units, with a chosen offset basis, so two bases give two independent 32-bit hashes. */
function fnv1a(text: string, basis: number): number {
  let hash = basis;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export const toToggle = (result: FlagResult) => ({
  name: result.name,
  enabled: result.enabled,
  variant: result.variant,
  impressionData: result.impressionData,
});

function fragmentOf(result: FlagResult): Fragment {
  let fragment = fragments.get(result);
  if (!fragment) {
    const json = JSON.stringify(toToggle(result));
    fragment = { json, h1: fnv1a(json, 0x811c9dc5), h2: fnv1a(json, 0x050c5d1f) };
    fragments.set(result, fragment);
  }
  return fragment;
}

export type SerialisedBody = { json: string; etag: string };

/** `{ "toggles": [...] }` from cached fragments; the weak ETag depends only on the content. */
export function serialiseToggles(results: readonly FlagResult[]): SerialisedBody {
  const parts = new Array<string>(results.length);
  let h1 = 0x811c9dc5;
  let h2 = 0x050c5d1f;
  for (let i = 0; i < results.length; i++) {
    const fragment = fragmentOf(results[i]!);
    parts[i] = fragment.json;
    h1 = Math.imul(h1 ^ fragment.h1, 0x01000193);
    h2 = Math.imul(h2 ^ fragment.h2, 0x01000193);
  }
  const json = `{"toggles":[${parts.join(',')}]}`;
  return { json, etag: etagOf(h1, h2, json.length) };
}

export function serialiseToggle(result: FlagResult): SerialisedBody {
  const { json, h1, h2 } = fragmentOf(result);
  return { json, etag: etagOf(h1, h2, json.length) };
}

/** Any JSON body with the same kind of content ETag, for responses not built from cached fragments (OFREP). */
export function serialiseJson(body: unknown): SerialisedBody {
  const json = JSON.stringify(body);
  return { json, etag: etagOf(fnv1a(json, 0x811c9dc5), fnv1a(json, 0x050c5d1f), json.length) };
}

const etagOf = (h1: number, h2: number, length: number) =>
  `W/"${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}.${length.toString(36)}"`;

/** Sends a serialised body with its ETag, or 304 when the SDK already has it. */
export function sendSerialised(request: FastifyRequest, reply: FastifyReply, body: SerialisedBody) {
  reply.header('cache-control', 'no-cache').header('etag', body.etag);
  if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(body.json);
}
