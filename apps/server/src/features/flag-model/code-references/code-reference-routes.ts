import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { actorOf } from '../events/actor.ts';
import { DEFAULT_UNUSED_DAYS, referenceUrl } from './code-reference.ts';
import {
  CodeReferencesResponse,
  ProjectFlagParams,
  ProjectParams,
  SafeToArchiveQuery,
  SafeToArchiveResponse,
  UploadCodeReferencesBody,
  UploadCodeReferencesResponse,
} from './code-reference-schemas.ts';
import { createCodeReferenceService } from './code-reference-service.ts';

/** Code references: a scan's upload, where a flag is used, and the flags safe to archive. */
export function codeReferenceRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const read = createCodeReferenceService(deps.db);

  return async (app) => {
    app.put(
      '/api/admin/projects/:projectId/code-references',
      {
        config: { auth: { permission: 'UPDATE_FEATURE' } },
        schema: {
          ...describe(
            'Features',
            'uploadCodeReferences',
            'Upload the code references of a branch',
            'Replaces the code references of one branch of one repository in the project with those found by a scan (`switchyard refs`). References to names that are no flag of the project are not stored and are listed in `unknownFlags`. Records a `code-references-updated` event.',
          ),
          params: ProjectParams,
          body: UploadCodeReferencesBody,
          response: { 200: UploadCodeReferencesResponse, ...errorResponses(400, 401, 403, 404, 415, 503) },
        },
      },
      async (request) =>
        inTransaction(deps.db, (tx) =>
          createCodeReferenceService(tx).upload(request.params.projectId, request.body, actorOf(request)),
        ),
    );

    app.get(
      '/api/admin/projects/:projectId/features/:featureName/code-references',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'getCodeReferences',
            'Where a flag is used in code',
            'Lists the call sites that name the flag in the latest upload of every repository and branch, with a link to the line where the upload gave the repository’s web address.',
          ),
          params: ProjectFlagParams,
          response: { 200: CodeReferencesResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const references = await read.ofFlag(request.params.projectId, request.params.featureName);
        return {
          references: references.map((reference) => ({
            ...reference,
            url: referenceUrl(reference),
            scannedAt: reference.scannedAt.toISOString(),
          })),
        };
      },
    );

    app.get(
      '/api/admin/projects/:projectId/safe-to-archive',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'getSafeToArchive',
            'Flags safe to archive',
            'Lists the flags of the project that are done (declared completed, marked stale or past their type’s expected lifetime), that no SDK reported using for `unusedDays` days, and that no uploaded code reference names.',
          ),
          params: ProjectParams,
          querystring: SafeToArchiveQuery,
          response: { 200: SafeToArchiveResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const unusedDays = request.query.unusedDays ?? DEFAULT_UNUSED_DAYS;
        const features = await read.safeToArchive(request.params.projectId, unusedDays);
        return {
          unusedDays,
          features: features.map((flag) => ({
            ...flag,
            createdAt: flag.createdAt.toISOString(),
            lastSeenAt: flag.lastSeenAt?.toISOString() ?? null,
          })),
        };
      },
    );
  };
}
