import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { ConflictError } from '../../../http/errors.ts';
import { actorOf } from '../../flag-model/events/actor.ts';

/**
 * POST /api/admin/backup: a consistent copy of the embedded database while the server runs, the file
 * `npm run backup` writes and `npm run restore` reads. PostgreSQL is backed up with its own tools.
 */
export function backupRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/admin/backup',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Instance Admin',
            'backupEmbeddedDatabase',
            'Back up the embedded database',
            'A consistent copy of the embedded database (DATA_DIR) taken while the server keeps serving: a gzipped tar of the data directory, the key that seals stored secrets included, taken between transactions after a checkpoint. `npm run backup` asks for it when the server runs; `npm run restore` puts it into a new DATA_DIR. Admins only: the copy holds everything. On PostgreSQL (DATABASE_URL) it answers 409: use pg_dump.',
          ),
          response: {
            200: Type.Unsafe<Buffer>({
              type: 'string',
              format: 'binary',
              description: 'The backup, a gzipped tar (application/gzip), as a download.',
              examples: ['<gzipped tar of DATA_DIR>'],
            }),
            ...errorResponses(401, 403, 409),
          },
        },
      },
      async (request, reply) => {
        if (!deps.db.dumpDataDir)
          throw new ConflictError(
            'the server runs on PostgreSQL (DATABASE_URL): back up with pg_dump and restore with pg_restore',
          );
        const started = Date.now();
        const dump = await deps.db.dumpDataDir();
        request.log.info(
          { bytes: dump.length, ms: Date.now() - started, by: actorOf(request).name },
          'embedded database backed up',
        );
        const stamp = new Date(started).toISOString().replace(/[:.]/g, '-');
        return reply
          .header('content-type', 'application/gzip')
          .header('content-disposition', `attachment; filename="switchyard-${stamp}.tar.gz"`)
          .header('cache-control', 'no-store')
          .send(dump);
      },
    );
  };
}
