import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createCallers, RELAY_HEADER, relayHeader } from './caller.ts';

const KEY = 'relay-key-for-this-test';

/** A request as Node hands it over: the headers and the socket's peer. */
const requestFrom = (remoteAddress: string, headers: Record<string, string> = {}, encrypted = false) =>
  ({
    headers: { host: 'flags.example:4242', ...headers },
    socket: { remoteAddress, encrypted },
  }) as never as IncomingMessage;

const forwarded = {
  'x-forwarded-for': '203.0.113.1, 198.51.100.2',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'elsewhere.example',
};

describe('the caller of a request', () => {
  it('is the socket, whatever the request says, when TRUST_PROXY is false', () => {
    expect(createCallers({ trustProxy: false })(requestFrom('127.0.0.1', forwarded))).toEqual({
      ip: '127.0.0.1',
      protocol: 'http',
      host: 'flags.example:4242',
    });
    expect(createCallers({ trustProxy: false })(requestFrom('127.0.0.1', {}, true)).protocol).toBe('https');
  });

  it('is what a trusted peer forwards, up to the first address not trusted', () => {
    const callers = createCallers({ trustProxy: ['loopback', '198.51.100.0/24'] });
    expect(callers(requestFrom('127.0.0.1', forwarded))).toEqual({
      ip: '203.0.113.1',
      protocol: 'https',
      host: 'elsewhere.example',
    });
    expect(callers(requestFrom('192.0.2.5', forwarded))).toEqual({
      ip: '192.0.2.5',
      protocol: 'http',
      host: 'flags.example:4242',
    });
  });

  it('is judged from the peer a worker vouches for with the key, as if that peer were the socket', () => {
    const relayed = (peer: string, trustProxy: boolean | string[], encrypted = false) =>
      createCallers({ trustProxy, relayKey: KEY })(
        requestFrom('127.0.0.1', {
          ...forwarded,
          [RELAY_HEADER]: relayHeader(KEY, { remoteAddress: peer, encrypted }),
        }),
      );
    expect(relayed('127.0.0.1', false)).toEqual({
      ip: '127.0.0.1',
      protocol: 'http',
      host: 'flags.example:4242',
    });
    expect(relayed('192.0.2.5', ['loopback'], true)).toEqual({
      ip: '192.0.2.5',
      protocol: 'https',
      host: 'flags.example:4242',
    });
    expect(relayed('10.0.0.3', ['10.0.0.0/8', '198.51.100.0/24'])).toEqual({
      ip: '203.0.113.1',
      protocol: 'https',
      host: 'elsewhere.example',
    });
  });

  it('ignores a peer named without the key, and hides the header from everything further in', () => {
    const callers = createCallers({ trustProxy: false, relayKey: KEY });
    for (const value of [
      relayHeader('another-key', { remoteAddress: '203.0.113.9' }),
      `${KEY}x 203.0.113.9 http`,
      `${KEY} 203.0.113.9 http extra`,
      `${KEY}`,
    ]) {
      const request = requestFrom('127.0.0.1', { [RELAY_HEADER]: value });
      expect(callers(request).ip).toBe('127.0.0.1');
      expect(request.headers[RELAY_HEADER]).toBeUndefined();
    }
    // A process without a key (a worker, a single process) never believes the header either.
    const request = requestFrom('127.0.0.1', {
      [RELAY_HEADER]: relayHeader(KEY, { remoteAddress: '203.0.113.9' }),
    });
    expect(createCallers({ trustProxy: true })(request).ip).toBe('127.0.0.1');
    expect(request.headers[RELAY_HEADER]).toBeUndefined();
  });

  it('is decided once per request', () => {
    const callers = createCallers({ trustProxy: false, relayKey: KEY });
    const request = requestFrom('127.0.0.1', {
      [RELAY_HEADER]: relayHeader(KEY, { remoteAddress: '192.0.2.5' }),
    });
    expect(callers(request).ip).toBe('192.0.2.5');
    expect(callers(request).ip).toBe('192.0.2.5');
  });
});
