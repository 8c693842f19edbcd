import { randomBytes } from 'node:crypto';
import { Agent, createServer, get, request as httpRequest, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminClient } from '../src/testing/admin-client.ts';
import { startEdgeProcess, type EdgeProcess } from '../src/testing/edge-process.ts';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';

// Issue 30, finding 11: about 300 random tokens at an edge used up the upstream's limit on /edge/validate, and a
// valid new token then got 500 for up to a minute. A real server, a relay that counts what the edge asks it, and
// the edge; the flood comes from another loopback address than the SDK with the new token.
const ADMIN = '*:*.flood-admin';
const CLIENT = '*:development.flood-client';
const FLOOD = 300;
const FLOODER = '127.0.0.2';

let server: ServerProcess;
let edge: EdgeProcess;
let relay: Server;
let dataDir: string;
const asked = { calls: 0, tokens: 0 };

/** Forwards every request to the server as it is, counting the edge's validate calls and the tokens they carry. */
function startRelay(target: string): Promise<string> {
  relay = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      if (incoming.method === 'POST' && incoming.url === '/edge/validate') {
        asked.calls += 1;
        asked.tokens += (JSON.parse(body.toString('utf8')) as { tokens: string[] }).tokens.length;
      }
      const forward = httpRequest(
        new URL(incoming.url ?? '/', target),
        { method: incoming.method, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on('error', () => outgoing.destroy());
      outgoing.on('close', () => forward.destroy());
      forward.end(body);
    });
  });
  return new Promise((resolve) =>
    relay.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(relay.address() as AddressInfo).port}`)),
  );
}

/** GET /api/client/features with a token from one loopback address: the status and the Retry-After header. */
function poll(agent: Agent, token: string): Promise<{ status: number; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    get(`${edge.url}/api/client/features`, { agent, headers: { authorization: token } }, (answer) => {
      answer.resume();
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, retryAfter: answer.headers['retry-after'] }),
      );
    }).on('error', reject);
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-edge-flood-'));
  server = await startServerProcess(
    { DATA_DIR: dataDir, INIT_ADMIN_API_TOKENS: ADMIN, INIT_CLIENT_API_TOKENS: CLIENT },
    300_000,
  );
  const upstream = await startRelay(server.url);
  edge = await startEdgeProcess({ UPSTREAM_URL: upstream, TOKENS: CLIENT }, 60_000);
  for (let i = 0; i < 500 && !(await fetch(`${edge.url}/internal-backstage/ready`)).ok; i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
}, 420_000);

afterAll(async () => {
  await edge?.stop();
  relay?.closeAllConnections();
  await new Promise((resolve) => relay?.close(resolve));
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

it('answers a valid new token 200 right after a flood of random ones, which cost the upstream a bounded few calls', async () => {
  asked.calls = 0;
  asked.tokens = 0;
  const flooder = new Agent({ keepAlive: true, maxSockets: 25, localAddress: FLOODER });
  const random = Array.from(
    { length: FLOOD },
    () => `default:development.${randomBytes(16).toString('hex')}`,
  );
  const answers = await Promise.all(random.map((token) => poll(flooder, token)));
  flooder.destroy();

  // Each random token is refused (401), or, past the flooder's budget, refused without asking (429, Retry-After).
  const statuses = new Set(answers.map((answer) => answer.status));
  expect([...statuses].sort()).toEqual([401, 429]);
  for (const answer of answers.filter((each) => each.status === 429))
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);

  const created = (await adminClient(server.url, ADMIN).call('POST', '/api/admin/api-tokens', {
    tokenName: 'after-the-flood',
    type: 'client',
    environment: 'development',
    projects: ['default'],
  })) as { secret: string };
  const sdk = new Agent({ keepAlive: false });
  expect(await poll(sdk, created.secret)).toMatchObject({ status: 200 });

  // Only the flooder's budget (100 refused tokens a minute) went upstream, plus the new token, in batches at most
  // every 100 ms (each with the 10 to 25 tokens that came in meanwhile), where it used to be 301 calls.
  expect(asked.tokens).toBeLessThanOrEqual(101);
  expect(asked.calls).toBeLessThanOrEqual(20);
}, 60_000);

// Last: it leaves the upstream refusing this address for a minute.
it('answers a valid new token 503 with Retry-After, not 500, while the upstream refuses to validate (429)', async () => {
  // The relay reaches the server from 127.0.0.1: spend that address's budget of refused tokens on the server.
  let limited: Response | undefined;
  for (let i = 0; i < 20 && limited?.status !== 429; i++)
    limited = await fetch(`${server.url}/edge/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tokens: Array.from({ length: 100 }, (_, j) => `x:y.${i}-${j}`) }),
    });
  expect(limited?.status).toBe(429);
  expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);

  const created = (await adminClient(server.url, ADMIN).call('POST', '/api/admin/api-tokens', {
    tokenName: 'while-refused',
    type: 'client',
    environment: 'development',
    projects: ['*'],
  })) as { secret: string };
  const calls = asked.calls;
  const answer = await fetch(`${edge.url}/api/client/features`, {
    headers: { authorization: created.secret },
  });
  expect(answer.status).toBe(503);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await answer.json()).toMatchObject({ name: 'UpstreamUnavailable', message: expect.any(String) });
  // Asked again at once, the edge answers the same without asking the upstream: it waits as it was told.
  const again = await fetch(`${edge.url}/api/client/features`, {
    headers: { authorization: created.secret },
  });
  expect(again.status).toBe(503);
  expect(asked.calls).toBe(calls + 1);
  // Tokens it knows are served as before.
  expect(
    (await fetch(`${edge.url}/api/client/features`, { headers: { authorization: CLIENT } })).status,
  ).toBe(200);
}, 60_000);
