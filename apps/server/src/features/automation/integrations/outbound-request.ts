import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, refusedAddress, type OutboundPolicy } from './outbound-guard.ts';

export type OutboundRequest = { url: string; method?: 'POST'; headers: Record<string, string>; body: string };
/** What came back: the status only. Response bodies are read and dropped, never stored or shown. */
export type OutboundResult = { ok: true; status: number } | { ok: false; status?: number; reason: string };

/**
 * Sends one request under the outbound policy, with a deadline for the whole exchange. Redirects are not followed
 * (a 3xx is a failure), so a receiver cannot bounce the request to an address the policy refuses.
 */
export function sendOutbound(
  policy: OutboundPolicy,
  request: OutboundRequest,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<OutboundResult> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve({ ok: false, reason: 'Switchyard stopped before sending' });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return resolve({ ok: false, reason: 'the URL is not valid' });
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const refused = refusedAddress(policy, host, host);
      if (refused) return resolve({ ok: false, reason: `refused: ${refused}` });
    }
    const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
    if (!client) return resolve({ ok: false, reason: 'the URL must be http or https' });
    const outgoing = client.request(url, {
      method: request.method ?? 'POST',
      headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
      lookup: guardedLookup(policy),
      agent: false,
      timeout: timeoutMs,
    });
    const deadline = setTimeout(
      () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const abort = () => outgoing.destroy(new Error('Switchyard stopped before an answer came'));
    signal?.addEventListener('abort', abort, { once: true });
    outgoing.on('close', () => signal?.removeEventListener('abort', abort));
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      resolve({
        ok: false,
        reason: error.code === 'EREFUSED_ADDRESS' ? `refused: ${error.message}` : error.message,
      });
    });
    outgoing.on('response', (response) => {
      clearTimeout(deadline);
      response.resume();
      response.on('error', () => undefined);
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return resolve({ ok: true, status });
      const reason =
        status >= 300 && status < 400
          ? `the receiver answered ${status} (a redirect, not followed)`
          : `the receiver answered ${status}`;
      resolve({ ok: false, status, reason });
    });
    outgoing.end(request.body);
  });
}

/** What a GET brought back: the status and the body (at most `maxBytes`). */
export type OutboundRead = { ok: true; status: number; body: string } | { ok: false; reason: string };

/**
 * Reads one URL with GET under the outbound policy (a metric source's query, say), with a deadline for the whole
 * exchange and a cap on the body. Redirects are not followed, as for sendOutbound.
 */
export function readOutbound(
  policy: OutboundPolicy,
  target: string,
  timeoutMs: number,
  maxBytes = 4 * 1024 * 1024,
): Promise<OutboundRead> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return resolve({ ok: false, reason: 'the URL is not valid' });
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const refused = refusedAddress(policy, host, host);
      if (refused) return resolve({ ok: false, reason: `refused: ${refused}` });
    }
    const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
    if (!client) return resolve({ ok: false, reason: 'the URL must be http or https' });
    const outgoing = client.request(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      lookup: guardedLookup(policy),
      agent: false,
      timeout: timeoutMs,
    });
    const fail = (reason: string) => {
      clearTimeout(deadline);
      resolve({ ok: false, reason });
    };
    const deadline = setTimeout(
      () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'EREFUSED_ADDRESS' ? `refused: ${error.message}` : error.message),
    );
    outgoing.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes)
          return outgoing.destroy(new Error(`the answer is larger than ${maxBytes} bytes`));
        chunks.push(chunk);
      });
      response.on('error', (error) => fail(error.message));
      response.on('end', () => {
        clearTimeout(deadline);
        if (status >= 300 && status < 400)
          return resolve({ ok: false, reason: `the source answered ${status} (a redirect, not followed)` });
        resolve({ ok: true, status, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    outgoing.end();
  });
}
