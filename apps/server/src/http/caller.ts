import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

/**
 * Who sent a request, as far as TRUST_PROXY lets us believe what the request says about it. `protocol` is `http` or
 * `https`, or whatever a trusted proxy's X-Forwarded-Proto says, as Fastify would have it.
 */
export type Caller = { ip: string; protocol: string; host: string };

/** The peer a connection came from: the socket, or the connection a worker took the request from. */
type Peer = { address: string; encrypted: boolean };

/**
 * How a worker tells its primary which peer it took a request from (cluster/primary-proxy.ts):
 * `<relay key> <peer address> <http|https>`. Only a worker knows the key, so a caller cannot name its own peer.
 */
export const RELAY_HEADER = 'x-switchyard-relay';

/** The value of RELAY_HEADER for a request a worker took from `peer`. */
export function relayHeader(relayKey: string, peer: { remoteAddress?: string; encrypted?: boolean }): string {
  return `${relayKey} ${peer.remoteAddress ?? ''} ${peer.encrypted ? 'https' : 'http'}`;
}

function trustFunction(trustProxy: boolean | string[]): (address: string, hop: number) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false || trustProxy.length === 0) return () => false;
  return proxyAddr.compile(trustProxy);
}

/** The last of a header's comma-separated values: the one the proxy nearest to us added. */
function lastEntry(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join(',') : value;
  if (!text) return undefined;
  return text.slice(text.lastIndexOf(',') + 1).trim() || undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The one place that decides a request's caller, in a single process, a worker and a primary alike (decision
 * record 0021): the peer is the socket's, or, on the primary, the one a worker vouches for with the relay key;
 * TRUST_PROXY is then applied to that peer and the X-Forwarded-For chain behind it as Fastify's `trustProxy`
 * would, and X-Forwarded-Proto and X-Forwarded-Host count only when that peer is trusted. RELAY_HEADER is removed
 * from every request, vouched for or not, so nothing further in reads a caller's copy of it.
 */
export function createCallers(options: { trustProxy: boolean | string[]; relayKey?: string }) {
  const trust = trustFunction(options.trustProxy);
  const decided = new WeakMap<IncomingMessage, Caller>();

  const peerOf = (request: IncomingMessage): Peer => {
    const socket = request.socket as Partial<TLSSocket> | undefined;
    const own = { address: socket?.remoteAddress ?? '', encrypted: socket?.encrypted === true };
    const relayed = request.headers[RELAY_HEADER];
    if (relayed === undefined) return own;
    delete request.headers[RELAY_HEADER];
    if (!options.relayKey || typeof relayed !== 'string') return own;
    const [key = '', address, protocol, ...rest] = relayed.split(' ');
    if (!address || rest.length || !sameText(key, options.relayKey)) return own;
    return { address, encrypted: protocol === 'https' };
  };

  return (request: IncomingMessage): Caller => {
    const known = decided.get(request);
    if (known) return known;
    const peer = peerOf(request);
    const headers = request.headers;
    const trusted = trust(peer.address, 0);
    const caller: Caller = {
      ip: trusted
        ? proxyAddr({ headers, socket: { remoteAddress: peer.address } } as never, trust)
        : peer.address,
      protocol: (trusted && lastEntry(headers['x-forwarded-proto'])) || (peer.encrypted ? 'https' : 'http'),
      host: (trusted && lastEntry(headers['x-forwarded-host'])) || headers.host || '',
    };
    decided.set(request, caller);
    return caller;
  };
}

export type Callers = ReturnType<typeof createCallers>;

/**
 * Gives every Fastify request the caller `callers` decides as its `ip`, `protocol` and `host` (and so `hostname`
 * and `port`), before any other hook reads them. Fastify's own `trustProxy` stays off: it would read the socket,
 * which on a primary is a worker's.
 */
export function registerCaller(app: FastifyInstance, callers: Callers): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const caller = callers(request.raw);
    Object.defineProperties(request, {
      ip: { value: caller.ip },
      protocol: { value: caller.protocol },
      host: { value: caller.host },
    });
    done();
  });
}
