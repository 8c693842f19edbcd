import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

export type HttpReceiver = {
  /** http://127.0.0.1:<port> */
  url: string;
  received: ReceivedRequest[];
  /** Statuses to answer the next requests with, in order; then 200. `hang` never answers. */
  answers: (number | 'hang')[];
  /** Resolves once `count` requests arrived, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
};

/** A real HTTP server on 127.0.0.1 that records what integrations send it: the outside world of the tests. */
export async function startHttpReceiver(): Promise<HttpReceiver> {
  const received: ReceivedRequest[] = [];
  const answers: (number | 'hang')[] = [];
  const hanging = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') {
        hanging.add(() => response.destroy());
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end('receiver secret body');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answers,
    async waitFor(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} requests, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received;
    },
    async close() {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
