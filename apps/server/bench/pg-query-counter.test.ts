import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startQueryCounter, type QueryCounter } from './pg-query-counter.ts';

// The proxy between a client and a stand-in for PostgreSQL on loopback that only records the bytes it gets: the
// frontend messages are written by hand as the protocol (v3) frames them.
const message = (type: string, body: Buffer) => {
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
};
const untyped = (code: number, body = Buffer.alloc(0)) => {
  const header = Buffer.alloc(8);
  header.writeInt32BE(body.length + 8, 0);
  header.writeInt32BE(code, 4);
  return Buffer.concat([header, body]);
};
const text = (value: string) => Buffer.from(`${value}\0`);

const SESSION = Buffer.concat([
  untyped(80_877_103), // SSLRequest; the stand-in never answers, the client goes on in plain text
  untyped(196_608, text('user\0postgres\0')), // StartupMessage, protocol 3.0
  message('p', text('secret')), // PasswordMessage
  message('Q', text('SELECT 1')),
  // One parameterised statement, extended protocol: Parse, Bind, Describe, Execute, Sync.
  message('P', Buffer.concat([text(''), text("SELECT $1 -- 'Q' inside"), Buffer.alloc(2)])),
  message('B', Buffer.concat([text(''), text(''), Buffer.alloc(6)])),
  message('D', Buffer.from('P\0')),
  message('E', Buffer.concat([text(''), Buffer.alloc(4)])),
  message('S', Buffer.alloc(0)),
  message('Q', text(`SELECT '${'E'.repeat(7_000)}'`)), // cut into many chunks below
  message('X', Buffer.alloc(0)),
]);

let received = Buffer.alloc(0);
let counter: QueryCounter;
const upstream = createServer((socket: Socket) =>
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk]))),
);
beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  counter = await startQueryCounter(`postgres://postgres@127.0.0.1:${port}/db`);
});
afterAll(async () => {
  await counter.stop();
  await new Promise((resolve) => upstream.close(resolve));
});

const send = async (chunkSize: number) => {
  received = Buffer.alloc(0);
  const before = counter.statements();
  const socket = connect(Number(new URL(counter.url).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  for (let at = 0; at < SESSION.length; at += chunkSize) {
    socket.write(SESSION.subarray(at, at + chunkSize));
    // Separate writes arrive as separate chunks, so message headers are cut wherever the size falls.
    if (chunkSize < 100) await new Promise((resolve) => setImmediate(resolve));
  }
  while (received.length < SESSION.length) await new Promise((resolve) => setTimeout(resolve, 5));
  socket.destroy();
  return counter.statements() - before;
};

it('counts each simple query and each execute, and passes every byte through unchanged', async () => {
  expect(await send(SESSION.length)).toBe(3);
  expect(received.equals(SESSION)).toBe(true);
});

it('counts the same when messages are cut across chunks', async () => {
  expect(await send(3)).toBe(3);
  expect(received.equals(SESSION)).toBe(true);
});
