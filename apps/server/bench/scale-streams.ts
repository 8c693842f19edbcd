/**
 * Simulated streaming SDKs for `npm run bench -- scale`: many SSE connections from one process, spread over
 * 127.0.0.x source addresses (each address has its own ephemeral ports), each noting when an update arrives.
 */
import { request, type ClientRequest } from 'node:http';

export type StreamFleet = {
  size: number;
  /** Resolves with the ms from `startedAt` to each stream's next `unleash-updated`; NaN for any still waiting. */
  nextUpdate(startedAt: number, timeoutMs: number): Promise<number[]>;
  /** Streams whose connection ended (or never opened). */
  closed(): number;
  stop(): void;
};

const UPDATED = 'unleash-updated';

/** Opens `count` streams to `url` with `token`, `parallel` connections at a time; resolves once all are connected. */
export async function openStreams(options: {
  url: string;
  token: string;
  count: number;
  parallel?: number;
  /** Source addresses used, 127.0.0.2 onwards. */
  addresses?: number;
}): Promise<StreamFleet> {
  const target = new URL('/api/client/streaming', options.url);
  const addresses = options.addresses ?? 50;
  const parallel = options.parallel ?? 200;
  const requests: ClientRequest[] = [];
  const receivedAt = new Float64Array(options.count).fill(NaN);
  let closed = 0;
  let waiting: { startedAt: number; left: number; done: () => void } | undefined;

  const open = (index: number) =>
    new Promise<void>((resolve) => {
      let connected = false;
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          headers: { authorization: options.token, accept: 'text/event-stream' },
          localAddress: `127.0.0.${2 + (index % addresses)}`,
          agent: false,
        },
        (response) => {
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            if (!connected) {
              connected = true;
              resolve();
            }
            if (waiting && Number.isNaN(receivedAt[index]!) && chunk.includes(UPDATED)) {
              receivedAt[index] = performance.now() - waiting.startedAt;
              if (--waiting.left === 0) waiting.done();
            }
          });
          response.on('close', () => {
            closed++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        closed++;
        resolve();
      });
      req.end();
      requests.push(req);
    });

  for (let next = 0; next < options.count;) {
    const batch: Promise<void>[] = [];
    for (let i = 0; i < parallel && next < options.count; i++) batch.push(open(next++));
    await Promise.all(batch);
  }

  return {
    size: options.count,
    async nextUpdate(startedAt, timeoutMs) {
      receivedAt.fill(NaN);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        waiting = {
          startedAt,
          left: options.count - closed,
          done: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
      waiting = undefined;
      return [...receivedAt];
    },
    closed: () => closed,
    stop() {
      for (const req of requests) req.destroy();
    },
  };
}

export const quantile = (sorted: number[], q: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
