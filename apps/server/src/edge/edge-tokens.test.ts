import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createServingAnswers } from '../features/sdk-serving/serving/serving-answers.ts';
import { createServingState } from '../features/sdk-serving/serving/serving-state.ts';
import { TooManyRequestsError } from '../http/errors.ts';
import { createEdgeHandler } from './edge-http.ts';
import { createEdgeTokens } from './edge-tokens.ts';
import { createUpstream, UpstreamUnavailable, type EdgeToken } from './edge-upstream.ts';

const client: EdgeToken = {
  token: 'default:development.a',
  type: 'client',
  projects: ['default'],
  environment: 'development',
};
const tokenOf = (secret: string): EdgeToken => ({ ...client, token: secret });

/** An upstream that knows the secrets starting with "valid" and records what it was asked. */
function fakeUpstream() {
  const asked: string[][] = [];
  let failure: Error | undefined;
  return {
    asked,
    failWith: (error: Error | undefined) => (failure = error),
    upstream: {
      validate: async (secrets: string[]) => {
        asked.push(secrets);
        if (failure) throw failure;
        return secrets.filter((secret) => secret.startsWith('valid')).map(tokenOf);
      },
    },
  };
}

/** Serves `handle` on a loopback port for one test. */
async function serve(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('createEdgeTokens', () => {
  it('asks the upstream once for concurrent first uses, keeps valid tokens and remembers refusals', async () => {
    const { asked, upstream } = fakeUpstream();
    const tokens = createEdgeTokens({ upstream });
    const [a, b] = await Promise.all([tokens.resolve('valid-1'), tokens.resolve('valid-1')]);
    expect(a).toEqual(tokenOf('valid-1'));
    expect(b).toBe(a);
    expect(await tokens.resolve('bad')).toBeUndefined();
    expect(await tokens.resolve('bad')).toBeUndefined();
    expect(asked).toEqual([['valid-1'], ['bad']]);
  });

  it('asks about new tokens in batches of at most 100, one call at a time, at most once per interval', async () => {
    const { asked, upstream } = fakeUpstream();
    const tokens = createEdgeTokens({ upstream, batchMs: 30 });
    const first = await tokens.resolve('bad-first');
    const secrets = Array.from({ length: 250 }, (_, i) => (i % 50 === 0 ? `valid-${i}` : `bad-${i}`));
    const started = Date.now();
    const verdicts = await Promise.all(secrets.map((secret) => tokens.resolve(secret)));
    expect(first).toBeUndefined();
    expect(asked.map((batch) => batch.length)).toEqual([1, 100, 100, 50]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 30 - 5);
    expect(verdicts.filter(Boolean).map((token) => token!.token)).toEqual([
      'valid-0',
      'valid-50',
      'valid-100',
      'valid-150',
      'valid-200',
    ]);
  });

  it('remembers refusals for a while, and only so many: the least recently refused are forgotten first', async () => {
    let time = 0;
    const { asked, upstream } = fakeUpstream();
    const tokens = createEdgeTokens({ upstream, now: () => time, refusedMs: 10_000, maxRefused: 2 });
    for (const secret of ['bad-a', 'bad-b', 'bad-c']) await tokens.resolve(secret);
    await tokens.resolve('bad-b');
    await tokens.resolve('bad-c');
    expect(asked.flat()).toEqual(['bad-a', 'bad-b', 'bad-c']);
    await tokens.resolve('bad-a');
    expect(asked.flat()).toEqual(['bad-a', 'bad-b', 'bad-c', 'bad-a']);
    time = 10_000;
    await tokens.resolve('bad-c');
    expect(asked.flat()).toHaveLength(5);
  });

  it("limits the tokens one caller may have refused per window; valid ones don't count, other callers go on", async () => {
    let time = 0;
    const { asked, upstream } = fakeUpstream();
    const tokens = createEdgeTokens({
      upstream,
      now: () => time,
      refusalsPerCaller: { limit: 3, windowMs: 60_000 },
    });
    const from = (caller: string, secrets: string[]) =>
      Promise.allSettled(secrets.map((secret) => tokens.resolve(secret, caller)));
    await from('10.0.0.1', ['valid-1', 'valid-2', 'valid-3', 'valid-4']);
    const flood = await from('10.0.0.1', ['bad-1', 'bad-2', 'bad-3', 'bad-4', 'bad-5', 'valid-5']);
    expect(flood.map((verdict) => verdict.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
    ]);
    const refused = (flood[3] as PromiseRejectedResult).reason as TooManyRequestsError;
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect(refused.retryAfterSeconds).toBe(60);
    expect(asked.flat()).not.toContain('bad-4');
    // Known tokens cost nothing; another address has its own budget.
    expect(await tokens.resolve('valid-1', '10.0.0.1')).toEqual(tokenOf('valid-1'));
    expect(await tokens.resolve('valid-5', '10.0.0.2')).toEqual(tokenOf('valid-5'));
    time = 60_000;
    expect(await tokens.resolve('bad-4', '10.0.0.1')).toBeUndefined();
  });

  it('stops asking while the upstream is busy or unreachable, for as long as it said, then asks again', async () => {
    let time = 0;
    const { asked, upstream, failWith } = fakeUpstream();
    const tokens = createEdgeTokens({ upstream, now: () => time });
    failWith(new UpstreamUnavailable('/edge/validate: upstream answered 429', 7));
    const busy = await Promise.resolve(tokens.resolve('valid-1')).catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(UpstreamUnavailable);
    expect((busy as UpstreamUnavailable).retryAfterSeconds).toBe(7);
    time = 3_000;
    const still = await Promise.resolve(tokens.resolve('valid-2')).catch((error: unknown) => error);
    expect((still as UpstreamUnavailable).retryAfterSeconds).toBe(4);
    expect(asked).toHaveLength(1);
    failWith(undefined);
    time = 7_000;
    expect(await tokens.resolve('valid-1')).toEqual(tokenOf('valid-1'));
    // Not refused: a token the upstream could not say anything about is asked about again.
    expect(await tokens.resolve('valid-2')).toEqual(tokenOf('valid-2'));
  });
});

describe('createUpstream', () => {
  it('reads a 429 as the upstream being unavailable for the seconds of its Retry-After, not as a refusal', async () => {
    const upstream = await serve((_request, response) =>
      response.writeHead(429, { 'retry-after': '42', 'content-type': 'application/json' }).end('{}'),
    );
    try {
      const edge = createUpstream({ url: upstream.url, appName: 'edge', instanceId: 'edge-1' });
      const error = await edge.validate(['x']).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(UpstreamUnavailable);
      expect((error as UpstreamUnavailable).retryAfterSeconds).toBe(42);
    } finally {
      await upstream.close();
    }
  });
});

describe('the edge handler and new tokens', () => {
  /** The edge's handler on a loopback port, with `tokens` and no flags. */
  const serveEdge = (tokens: ReturnType<typeof createEdgeTokens>) => {
    const handler = createEdgeHandler({
      answers: createServingAnswers(createServingState()),
      tokens,
      sync: { keyFor: async () => undefined },
      ready: () => true,
      log: () => undefined,
    });
    return serve((request, response) => void handler.handle(request, response));
  };

  it('answers a new token 503 with Retry-After in the one error format while the upstream cannot validate it', async () => {
    const { upstream, failWith } = fakeUpstream();
    failWith(new UpstreamUnavailable('/edge/validate: upstream answered 429', 9));
    const edge = await serveEdge(createEdgeTokens({ upstream }));
    try {
      const busy = await fetch(`${edge.url}/api/client/features`, { headers: { authorization: 'valid-1' } });
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('9');
      expect(await busy.json()).toMatchObject({
        id: expect.any(String),
        name: 'UpstreamUnavailable',
        details: [{ message: expect.any(String) }],
      });
    } finally {
      await edge.close();
    }
  });

  it('answers 429 with Retry-After to an address past its budget, on SDK routes and /edge/validate alike', async () => {
    const { upstream } = fakeUpstream();
    const edge = await serveEdge(
      createEdgeTokens({ upstream, refusalsPerCaller: { limit: 1, windowMs: 60_000 } }),
    );
    try {
      const first = await fetch(`${edge.url}/api/client/features`, { headers: { authorization: 'bad-1' } });
      expect(first.status).toBe(401);
      const validate = await fetch(`${edge.url}/edge/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tokens: ['bad-2'] }),
      });
      expect(validate.status).toBe(429);
      expect(validate.headers.get('retry-after')).toBe('60');
      expect(await validate.json()).toMatchObject({ name: 'TooManyRequestsError' });
      const poll = await fetch(`${edge.url}/api/client/features`, { headers: { authorization: 'bad-3' } });
      expect(poll.status).toBe(429);
    } finally {
      await edge.close();
    }
  });
});
