import { get, type IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess } from '../src/testing/server-process.ts';

const CLIENT = '*:development.shutdown-test-client';
const STREAMS = 100;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-shutdown-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

type OpenedStream = { response: IncomingMessage; ended: Promise<'ended' | 'aborted'> };

/** Opens one SDK stream on its own connection and resolves once the hydration event has arrived. */
function openStream(url: string): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const request = get(
      `${url}/api/client/streaming`,
      { agent: false, headers: { authorization: CLIENT, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        response.setEncoding('utf8');
        const ended = new Promise<'ended' | 'aborted'>((settle) => {
          response.once('end', () => settle('ended'));
          response.once('aborted', () => settle('aborted'));
          response.once('error', () => settle('aborted'));
        });
        let text = '';
        const onData = (chunk: string) => {
          text += chunk;
          if (!text.includes('event: unleash-connected')) return;
          response.off('data', onData);
          response.resume();
          resolve({ response, ended });
        };
        response.on('data', onData);
      },
    );
    request.once('error', reject);
  });
}

// The streaming route once registered an app hook per connection: an error logged for each SDK, and a SIGTERM
// that waited for the streams until the 10-second forced exit. Every stream must now end at once, cleanly.
it(`stops within 2 s on SIGTERM with ${STREAMS} SDK streams open, ending each and logging no error`, async () => {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    INIT_CLIENT_API_TOKENS: CLIENT,
    LOG_LEVEL: 'info',
  });
  const streams: OpenedStream[] = [];
  try {
    // Ten at a time: enough to be quick, few enough that a loaded machine accepts every connection.
    for (let i = 0; i < STREAMS; i += 10) {
      streams.push(...(await Promise.all(Array.from({ length: 10 }, () => openStream(server.url)))));
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  const started = performance.now();
  server.child.kill('SIGTERM');
  const code = await Promise.race([
    exited,
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 2_000)),
  ]);
  const elapsedMs = performance.now() - started;
  if (code === 'timeout') server.child.kill('SIGKILL');
  await server.stop();

  expect(code).toBe(0);
  expect(elapsedMs).toBeLessThan(2_000);
  expect(await Promise.all(streams.map((stream) => stream.ended))).toEqual(Array(STREAMS).fill('ended'));
  const output = server.output();
  expect(output).toContain('stopped');
  // No pino line at error level or above (50, 60), and no stack trace of any kind.
  expect(output).not.toMatch(/"level":[56]0/);
  expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect(output).not.toMatch(/Error/);
}, 120_000);
