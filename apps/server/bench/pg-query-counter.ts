/**
 * A loopback TCP proxy in front of PostgreSQL that counts the statements one process sends, for the `scale` bench:
 * pg_stat_statements needs a server restart to load (shared_preload_libraries), pg_stat_database counts
 * transactions, not statements. Every message a client sends after its start-up message is a type byte and a
 * length; a simple query is one `Q`, each statement of the extended protocol (node-postgres with parameters) one
 * `E` (execute). Nothing is changed on the way through.
 */
import { connect, createServer, type Socket } from 'node:net';

const SSL_REQUEST = 80_877_103;
const GSS_REQUEST = 80_877_104;
const QUERY = 'Q'.charCodeAt(0);
const EXECUTE = 'E'.charCodeAt(0);

export type QueryCounter = {
  /** The DATABASE_URL to give the process: the same database, through this proxy. */
  url: string;
  /** Statements sent so far by every connection through this proxy. */
  statements(): number;
  stop(): Promise<void>;
};

/** Counts the statements of one client connection's byte stream, across chunk boundaries. */
function statementCounter(onStatement: () => void) {
  let startup = true;
  let header = Buffer.alloc(0);
  let skip = 0;
  return (chunk: Buffer) => {
    let at = 0;
    while (at < chunk.length) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - at);
        skip -= n;
        at += n;
        continue;
      }
      // A start-up message has no type byte: its length, then a code (SSL and GSS requests come before it).
      const size = startup ? 8 : 5;
      const take = Math.min(size - header.length, chunk.length - at);
      header = Buffer.concat([header, chunk.subarray(at, at + take)]);
      at += take;
      if (header.length < size) break;
      if (startup) {
        skip = header.readInt32BE(0) - 8;
        const code = header.readInt32BE(4);
        if (code !== SSL_REQUEST && code !== GSS_REQUEST) startup = false;
      } else {
        skip = header.readInt32BE(1) - 4;
        if (header[0] === QUERY || header[0] === EXECUTE) onStatement();
      }
      header = Buffer.alloc(0);
    }
  };
}

export async function startQueryCounter(databaseUrl: string): Promise<QueryCounter> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let statements = 0;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const count = statementCounter(() => statements++);
    client.on('data', (chunk: Buffer) => {
      count(chunk);
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(typeof address === 'object' && address ? address.port : 0);
  return {
    url: proxied.toString(),
    statements: () => statements,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
