import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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
  app.get('/', { schema: { hide: true }, config: { auth: { area: 'public' } } }, async (_request, reply) =>
    reply.sendFile('index.html'),
  );
  app.get('/*', { schema: { hide: true }, config: { auth: { area: 'public' } } }, async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/') || url.startsWith('/auth/')) return reply.callNotFound();
    // A file the build produced (its path cannot leave `dir`), else the app shell for a client-side route.
    return reply.sendFile(path.extname(url) ? decodeURIComponent(url.slice(1)) : 'index.html');
  });
}
