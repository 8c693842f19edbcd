import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminClient } from '../src/testing/admin-client.ts';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';

// Issue 38's slow reader against a real server process (PGlite, or PostgreSQL with DATABASE_URL): one SDK stream
// stops reading while another reads. The flag is large (a constraint of 8,000 user ids, about 400 kB a message),
// so the stalled socket fills the kernel's buffers and then MAX_BUFFERED_BYTES (4 MiB) within some twenty
// changes. The reading stream gets every change within a second of its write; the stalled one is closed by the
// server instead of being held (client-streams.ts; the mechanism with a small limit: client-streams-slow-reader.test.ts).
const ADMIN = '*:*.slow-admin';
const CLIENT = '*:development.slow-client';
const CHANGES = 32;

let dataDir: string;
let server: ServerProcess;
const sockets: Socket[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-slow-reader-'));
  server = await startServerProcess(
    { DATA_DIR: dataDir, INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT },
    120_000,
  );
  const admin = adminClient(server.url, ADMIN);
  await admin.createFlag('big');
  const values = Array.from(
    { length: 8_000 },
    (_, i) => `user-${String(i).padStart(6, '0')}-${'x'.repeat(30)}`,
  );
  await admin.addStrategy('big', 'development', {
    name: 'default',
    constraints: [{ contextName: 'userId', operator: 'IN', values }],
  });
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** A stream that reads: resolves `next()` when the following `unleash-updated` has arrived whole. */
function readingStream() {
  let text = '';
  let seen = 0;
  let waiter: (() => void) | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    const req = request(
      `${server.url}/api/client/streaming`,
      { headers: { authorization: CLIENT, accept: 'text/event-stream' } },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          // An SSE message ends with a blank line; count the updates that have ended.
          let end: number;
          while ((end = text.indexOf('\n\n')) !== -1) {
            if (text.slice(0, end).includes('event: unleash-updated')) {
              seen++;
              waiter?.();
            }
            text = text.slice(end + 2);
          }
          resolve();
        });
      },
    );
    req.on('error', reject);
    req.on('socket', (socket) => sockets.push(socket));
    req.end();
  });
  return {
    ready,
    seen: () => seen,
    next: (after: number) =>
      new Promise<void>((resolve) => {
        waiter = () => seen > after && resolve();
        waiter();
      }),
  };
}

/** A stream that reads its first bytes and then stops reading; `received` counts what it took in. */
function stalledStream() {
  const socket = connect(server.port, '127.0.0.1');
  sockets.push(socket);
  let received = 0;
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const ready = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received === chunk.length) {
        socket.pause();
        resolve();
      }
    });
  });
  socket.on('error', () => undefined);
  socket.write(
    `GET /api/client/streaming HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${CLIENT}\r\naccept: text/event-stream\r\n\r\n`,
  );
  return { socket, ready, ended, received: () => received };
}

it('a stream that stops reading is closed and does not delay a stream that reads', async () => {
  const reader = readingStream();
  const stalled = stalledStream();
  await Promise.all([reader.ready, stalled.ready]);
  const admin = adminClient(server.url, ADMIN);
  const delays: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const before = reader.seen();
    await admin.setEnabled('big', 'development', i % 2 === 0);
    const answeredAt = performance.now();
    await reader.next(before);
    delays.push(performance.now() - answeredAt);
  }
  console.log(
    `[slow-reader] the reading stream got each change after at most ${Math.round(Math.max(...delays))} ms`,
  );
  expect(reader.seen()).toBeGreaterThanOrEqual(CHANGES);
  for (const delay of delays) expect(delay).toBeLessThan(1_000);

  // Reading again, the stalled stream gets what the kernel held, then the end the server gave it long ago.
  stalled.socket.resume();
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([
    stalled.ended.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 10_000))),
  ]);
  clearTimeout(timer);
  expect(closed).toBe(true);
  // About 400 kB a change: it was dropped well before the last of them.
  expect(stalled.received()).toBeLessThan(CHANGES * 300_000);
}, 120_000);
