import { hiddenProjects } from '../projects/hidden-projects.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import { createFlagExportService } from './flag-export-service.ts';
import { ExportQueryBody, ExportResultResponse } from './flag-export-schemas.ts';
import { createFlagImportService } from './flag-import-service.ts';
import { ImportBody, ImportReportResponse } from './flag-import-schemas.ts';
import { fromImportData, toExportResponse } from './flag-transfer-wire.ts';

/** /api/admin/features-batch: export flags of an environment, and check or import such an export elsewhere. */
export function flagTransferRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const { db } = deps;
  return async (app) => {
    app.post(
      '/api/admin/features-batch/export',
      {
        config: { auth: { permission: 'READ', project: 'body.project' } },
        schema: {
          ...describe(
            'Import/Export',
            'exportFeatures',
            'Export flags from an environment',
            'Exports the flags chosen by name (`features`), by `tag` and by `project` (all given apply) as they are in one environment: their strategies, on/off state, variants, tags, parents, and the context fields, segments and tag types those use. The result is what the import operations take. With `downloadFile`, the answer says to save it as a file. Archived flags are never exported.',
          ),
          body: ExportQueryBody,
          response: { 200: ExportResultResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request, reply) => {
        const { features, downloadFile, ...rest } = request.body;
        const selection = {
          ...rest,
          ...(features === undefined ? {} : { flags: features }),
          hiddenProjects: await hiddenProjects(db, request.access),
        };
        const transfer = await createFlagExportService(db).export(selection, actorOf(request));
        if (downloadFile) {
          const day = new Date().toISOString().slice(0, 10);
          reply.header('content-disposition', `attachment; filename="export-${day}.json"`);
        }
        return toExportResponse(transfer, request.body.environment);
      },
    );

    app.post(
      '/api/admin/features-batch/validate',
      {
        config: {
          auth: { permission: 'CREATE_FEATURE', project: 'body.project', environment: 'body.environment' },
        },
        schema: {
          ...describe(
            'Import/Export',
            'validateImport',
            'Check an import',
            'Checks whether an export can be imported into the project and environment, and changes nothing. `errors` lists what would make the import fail (flags of other projects or archived, unknown strategy types, segments or flag types, legal values that do not match, invalid constraints, dependencies that break the one-level rule, …); `warnings` what it will do that may surprise (overwriting flags, using custom strategy types).',
          ),
          body: ImportBody,
          response: { 200: ImportReportResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { project, environment, data } = request.body;
        return createFlagImportService(db).validate(fromImportData(data), { project, environment });
      },
    );

    app.post(
      '/api/admin/features-batch/import',
      {
        config: {
          auth: {
            permission: 'CREATE_FEATURE',
            project: 'body.project',
            environment: 'body.environment',
            reviewedBy: 'environment',
          },
        },
        schema: {
          ...describe(
            'Import/Export',
            'importToggles',
            'Import flags',
            'Imports an export into the project and environment, in one transaction: creates or updates each flag, replaces its strategies in the environment (segments are found by name), sets its on/off state and variants there, gives it exactly the imported tags and parent, and creates missing tag types and context fields. Every change is recorded as an event. When the check of the validate operation finds errors, nothing is imported and the 400 names each of them.',
          ),
          body: ImportBody,
          response: {
            200: noContent('The flags were imported.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request, reply) => {
        const { project, environment, data } = request.body;
        const actor = actorOf(request);
        await inTransaction(db, (tx) =>
          createFlagImportService(tx).import(fromImportData(data), { project, environment }, actor),
        );
        return reply.status(200).send();
      },
    );
  };
}
