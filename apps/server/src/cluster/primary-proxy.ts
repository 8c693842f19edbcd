import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { RELAY_HEADER, relayHeader } from '../http/caller.ts';
import { errorBody } from '../http/errors.ts';

/**
 * Hands a request a worker does not answer itself to the primary, byte for byte both ways (bodies and event
 * streams are piped, not buffered). The peer it came from goes along in RELAY_HEADER with the key only workers
 * know, in place of any copy the caller sent, and X-Forwarded-* as the caller sent them: the primary applies
 * TRUST_PROXY to that peer as a single process applies it to its socket (http/caller.ts).
 */
export function createPrimaryProxy(primaryUrl: string, relayKey: () => string, basePath: string) {
  const target = new URL(primaryUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });

  return (incoming: IncomingMessage, response: ServerResponse): void => {
    const headers = { ...incoming.headers, [RELAY_HEADER]: relayHeader(relayKey(), incoming.socket) };
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: `${basePath}${incoming.url}`,
        headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        // An answer cut short (the primary stopped mid-stream) cuts the caller's short too, never leaves it waiting.
        answer.on('aborted', () => response.destroy());
        answer.pipe(response);
      },
    );
    outgoing.on('error', (error) => {
      // The primary answered already (a refused body, say) and stopped reading: its answer is on its way.
      if (response.headersSent) return void incoming.unpipe(outgoing);
      const body = JSON.stringify(
        errorBody('ServiceUnavailableError', `The server's primary process did not answer: ${error.message}`),
      );
      response
        .writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' })
        .end(body);
    });
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    incoming.pipe(outgoing);
  };
}
