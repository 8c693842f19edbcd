import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseWrkDuration, parseWrkOutput, runWrk, wrkAvailable } from './wrk.ts';

// Printed by wrk 4.1.0 against a server that answered 500 to everything.
const OUTPUT = `Running 1s test @ http://127.0.0.1:9911/bad
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   330.65us    1.61ms  21.32ms   96.91%
    Req/Sec    57.56k    24.21k   73.86k    81.82%
  Latency Distribution
     50%   55.00us
     75%   85.00us
     90%  269.00us
     99%    8.42ms
  62696 requests in 1.10s, 68.40MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 62696
Requests/sec:  56994.29
Transfer/sec:     62.18MB
`;

describe('wrk output', () => {
  it('reads throughput, percentiles, errors and non-2xx answers', () => {
    expect(parseWrkOutput(OUTPUT)).toEqual({
      rps: 56994,
      p50: 0.055,
      p99: 8.42,
      total: 62696,
      errors: 5,
      non2xx: 62696,
      bytesPerSecond: Math.round(62.18 * 1024 * 1024),
    });
  });

  it('converts every unit wrk prints to milliseconds', () => {
    expect(parseWrkDuration('812.00us')).toBeCloseTo(0.812);
    expect(parseWrkDuration('3.41ms')).toBe(3.41);
    expect(parseWrkDuration('1.20s')).toBe(1200);
    expect(() => parseWrkDuration('fast')).toThrow(/unreadable/);
  });

  it('refuses output without a request count rather than reporting zero', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:9 Connection refused')).toThrow(/no match/);
  });

  it.runIf(wrkAvailable())('measures a real server and sends the given headers', async () => {
    const seen = new Set<string>();
    const server = createServer((request, response) => {
      seen.add(String(request.headers.authorization));
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await runWrk({
        url: `http://127.0.0.1:${port}/`,
        headers: { authorization: 'bench-token' },
        connections: 2,
        seconds: 1,
        threads: 1,
      });
      expect(result.total).toBeGreaterThan(0);
      expect(result.non2xx).toBe(0);
      expect([...seen]).toEqual(['bench-token']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
