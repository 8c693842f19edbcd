import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createCompressedFiles } from './compressed-files.ts';

/** Serves the built admin UI at `/`, with index.html for client-side routes. */
export async function registerAdminUi(app: FastifyInstance, dir: string | undefined): Promise<void> {
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
  /** Vite names what it emits under assets/ by content hash: such a file never changes, the app shell may. */
  const send = (request: FastifyRequest, reply: FastifyReply, file: string) => {
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
