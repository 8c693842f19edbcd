import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientFeature } from './client-feature.ts';
import type { StreamSnapshot } from './client-stream-session.ts';
import { createClientStreams, responseTarget } from './client-streams.ts';

// Real sockets on loopback: one SDK connects and never reads again, the others read. The limit is small here so
// the test fills it in a second; the default is MAX_BUFFERED_BYTES.
const LIMIT = 128 * 1024;
/** Each update carries a flag this large, so a reader that stops reading falls behind fast. */
const BIG = 'x'.repeat(256 * 1024);

let revision = 1;
let current: StreamSnapshot = snapshotAt(revision);
function snapshotAt(revisionId: number): StreamSnapshot {
  const big = { name: 'big', project: 'default', enabled: true, description: `${revisionId}${BIG}` };
  return { revisionId, features: [big as unknown as ClientFeature], segments: [] };
}

const streams = createClientStreams({ coalesceMs: 5, maxBufferedBytes: LIMIT });
let peakBuffered = 0;
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const target = responseTarget(response);
  const remove = streams.add('web', current, () => current, {
    ...target,
    write: (chunk) => {
      target.write(chunk);
      peakBuffered = Math.max(peakBuffered, target.buffered());
    },
  });
  response.on('close', remove);
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  streams.endAll();
  await new Promise((resolve) => server.close(resolve));
});

/** A reader that reads everything and notes when each update arrived. */
const reader = () =>
  new Promise<{ updates: number[]; response: IncomingMessage }>((resolve) => {
    const updates: number[] = [];
    request({ host: '127.0.0.1', port, path: '/', agent: false }, (response) => {
      response.on('data', (chunk: Buffer) => {
        const text = chunk.toString('latin1');
        for (
          let at = text.indexOf('unleash-updated');
          at !== -1;
          at = text.indexOf('unleash-updated', at + 1)
        )
          updates.push(performance.now());
      });
      resolve({ updates, response });
    }).end();
  });

it('drops a stream that stopped reading, without delaying the others or holding its backlog', async () => {
  // The slow SDK: a raw socket that sends its request and then never reads.
  const slow = connect(port, '127.0.0.1');
  slow.on('error', () => undefined);
  slow.write('GET / HTTP/1.1\r\nhost: localhost\r\n\r\n');
  slow.pause();
  const fast = await Promise.all([reader(), reader(), reader()]);
  await expect.poll(() => streams.size).toBe(4);

  const delays: number[] = [];
  for (let i = 0; i < 80 && streams.dropped === 0; i++) {
    current = snapshotAt(++revision);
    const sent = performance.now();
    streams.changed();
    // Every reading SDK has this update well before the next one goes out.
    await expect
      .poll(() => fast.every(({ updates }) => updates.length === i + 1), { timeout: 5_000 })
      .toBe(true);
    delays.push(Math.max(...fast.map(({ updates }) => updates[i]! - sent)));
  }
  expect(streams.dropped).toBe(1);
  // The server closed the slow SDK's connection (its paused socket has not read that yet).
  await expect.poll(() => streams.size).toBe(3);
  slow.destroy();
  // What this process held for the slow SDK never grew past the limit plus the one message written after it.
  expect(peakBuffered).toBeLessThan(LIMIT + 2 * BIG.length);
  expect(Math.max(...delays)).toBeLessThan(1_000);
  for (const { response } of fast) response.destroy();
}, 120_000);
