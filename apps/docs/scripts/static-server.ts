import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chooseEncoding, createCompressionCache } from '@switchyard/compression';
import { SERVER_INFO_FILE } from '../src/components/api/try-it-request';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.md': 'text/markdown; charset=utf-8',
};

/**
 * The file a URL path maps to in a Docusaurus build, or undefined. Both `/x` and `/x/` serve `x/index.html` with
 * 200 (no redirect), as the site spec writes some routes with a trailing slash and some without.
 */
export function resolveFile(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]!.split('#')[0]!);
  } catch {
    return undefined;
  }
  const target = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (target !== root && !target.startsWith(root + path.sep)) return undefined;
  for (const candidate of [target, path.join(target, 'index.html'), `${target}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Text types a CDN would compress; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt', '.md']);

export type StaticHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `serverUrl`: the Switchyard this docs server sits beside, answered at SERVER_INFO_FILE under any base path;
 * `npm start` passes the server's URL (SWITCHYARD_URL), so "Try it" defaults to the port it really listens on.
 */
export type StaticOptions = { serverUrl?: string };

/** Serves a build folder; unknown paths get the site's 404 page. */
export function staticHandler(root: string, options: StaticOptions = {}): StaticHandler {
  const absolute = path.resolve(root);
  const compressed = createCompressionCache();
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (options.serverUrl && (req.url ?? '/').split('?')[0]!.endsWith(`/${SERVER_INFO_FILE}`)) {
      const info = JSON.stringify({ url: options.serverUrl });
      res.writeHead(200, { 'Content-Type': TYPES['.json']!, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : info);
      return;
    }
    const file = resolveFile(absolute, req.url ?? '/');
    const notFound = path.join(absolute, '404.html');
    const served = file ?? (existsSync(notFound) ? notFound : undefined);
    if (!served) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const extension = path.extname(served);
    const encoding = COMPRESSIBLE.has(extension) ? chooseEncoding(req.headers['accept-encoding']) : undefined;
    const body = encoding ? compressed(served, encoding) : undefined;
    res.writeHead(file ? 200 : 404, {
      'Content-Type': TYPES[extension] ?? 'application/octet-stream',
      'Content-Length': body ? body.length : statSync(served).size,
      // Hashed assets never change; pages may.
      'Cache-Control': served.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      ...(COMPRESSIBLE.has(extension) ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    if (req.method === 'HEAD') res.end();
    else if (body) res.end(body);
    else createReadStream(served).pipe(res);
  };
}

/** Starts a server on `port` (0 picks a free one) and resolves with it and its base URL. */
export async function listen(
  handler: StaticHandler,
  port: number,
  host = '127.0.0.1',
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return { server, url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${address.port}` };
}
