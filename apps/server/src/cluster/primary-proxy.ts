import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { errorBody } from '../http/errors.ts';

/**
 * Hands a request a worker does not answer itself to the primary, byte for byte both ways (bodies and event
 * streams are piped, not buffered). The caller's address goes along in X-Forwarded-For, which the primary trusts
 * from its workers only (loopback), so sign-in limits and login history see the real caller.
 */
export function createPrimaryProxy(primaryUrl: string) {
  const target = new URL(primaryUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });

  return (incoming: IncomingMessage, response: ServerResponse): void => {
    const forwarded = incoming.headers['x-forwarded-for'];
    const caller = incoming.socket.remoteAddress ?? '';
    const headers = {
      ...incoming.headers,
      'x-forwarded-for': forwarded ? `${String(forwarded)}, ${caller}` : caller,
    };
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
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
