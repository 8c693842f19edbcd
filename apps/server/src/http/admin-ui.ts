import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, compress, type Encoding } from '@switchyard/compression';
import { createCompressedFiles } from './compressed-files.ts';

/**
 * The app shell with its `<base href>` set to BASE_URI_PATH: the build names its files relative to it (Vite's
 * `base: './'`), and the UI reads it for its routes and API calls (apps/admin/src/api/base-path.ts). Made and
 * compressed once per version of index.html.
 */
function createAppShell(dir: string, basePath: string) {
  const file = path.join(dir, 'index.html');
  let made: { mtimeMs: number; html: Buffer; encoded: Map<Encoding, Buffer> } | undefined;
  return (acceptEncoding: string | undefined): { body: Buffer; encoding: Encoding | undefined } => {
    const { mtimeMs } = statSync(file);
    if (made?.mtimeMs !== mtimeMs) {
      const html = readFileSync(file, 'utf8').replace('<base href="/"', `<base href="${basePath}/"`);
      made = { mtimeMs, html: Buffer.from(html), encoded: new Map() };
    }
    const encoding = chooseEncoding(acceptEncoding);
    if (!encoding) return { body: made.html, encoding };
    let body = made.encoded.get(encoding);
    if (!body) made.encoded.set(encoding, (body = compress(made.html, encoding)));
    return { body, encoding };
  };
}

/** Serves the built admin UI at `/`, with index.html for client-side routes. */
export async function registerAdminUi(
  app: FastifyInstance,
  dir: string | undefined,
  basePath: string,
): Promise<void> {
  if (!dir || !existsSync(path.join(dir, 'index.html'))) {
    app.get('/', { schema: { hide: true }, config: { auth: { area: 'public' } } }, async (_request, reply) =>
      reply
        .type('text/html')
        .send(
          '<!doctype html><title>Switchyard</title><p>Switchyard is running. The admin UI is not built yet: run <code>npm run build -w @switchyard/admin</code>.</p>',
        ),
    );
    return;
  }
  // Files are served by the two declared routes below, not by a route per file: every route says who may call it.
  await app.register(fastifyStatic, { root: dir, serve: false });
  const compressed = createCompressedFiles(dir);
  const shell = createAppShell(dir, basePath);
  /** Vite names what it emits under assets/ by content hash: such a file never changes, the app shell may. */
  const send = (request: FastifyRequest, reply: FastifyReply, file: string) => {
    if (file === 'index.html') {
      const { body, encoding } = shell(request.headers['accept-encoding']);
      reply.header('cache-control', 'public, max-age=0').header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('text/html; charset=utf-8').send(body);
    }
    const immutable = file.startsWith('assets/');
    const encoded = compressed(file, request.headers['accept-encoding']);
    if (!encoded)
      return reply.sendFile(file, immutable ? { maxAge: '365d', immutable: true } : { maxAge: 0 });
    return reply
      .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0')
      .header('vary', 'accept-encoding')
      .header('content-encoding', encoded.encoding)
      .type(encoded.type)
      .send(encoded.body);
  };
  app.get('/', { schema: { hide: true }, config: { auth: { area: 'public' } } }, async (request, reply) =>
    send(request, reply, 'index.html'),
  );
  app.get('/*', { schema: { hide: true }, config: { auth: { area: 'public' } } }, async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/') || url.startsWith('/auth/')) return reply.callNotFound();
    // A file the build produced (its path cannot leave `dir`), else the app shell for a client-side route.
    let file = 'index.html';
    try {
      if (path.extname(url)) file = decodeURIComponent(url.slice(1));
    } catch {
      return reply.callNotFound();
    }
    return send(request, reply, file);
  });
}
