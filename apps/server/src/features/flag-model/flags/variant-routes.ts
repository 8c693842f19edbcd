import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Db, inTransaction } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { EnvironmentParams, FlagParams, PatchBody } from './flag-schemas.ts';
import { toVariantsResponse } from './flag-wire.ts';
import type { PatchOperation } from './json-patch.ts';
import { checkPatched } from './patched-body.ts';
import { actorOf } from './request-actor.ts';
import { FeatureVariantsResponse, VariantListBody, VariantsBatchBody } from './variant-schemas.ts';
import { createVariantService } from './variant-service.ts';

const VARIANTS = '/api/admin/projects/:projectId/features/:featureName/environments/:environment/variants';
const WEIGHTS =
  '`variable` variants share what `fix` ones leave of 1000 (remainder to the first ones); a list of only `fix` variants keeps its weights. The order given is kept: it decides which bucket each variant gets.';

/** Variants of a flag per environment. */
export function variantRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  const { db } = deps;
  return async (app) => {
    app.get(
      VARIANTS,
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Features',
            'getEnvironmentFeatureVariants',
            'Get the variants of a flag in an environment',
            'The variants SDKs choose from in this environment when no strategy brings its own.',
          ),
          params: EnvironmentParams,
          response: { 200: FeatureVariantsResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId, featureName, environment } = request.params;
        return toVariantsResponse(await createVariantService(db).list(projectId, featureName, environment));
      },
    );

    app.put(
      VARIANTS,
      {
        config: {
          auth: {
            permission: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
            project: 'params.projectId',
            environment: 'params.environment',
            reviewedBy: 'environment',
          },
        },
        schema: {
          ...describe(
            'Features',
            'overwriteEnvironmentFeatureVariants',
            'Replace the variants of a flag in an environment',
            `Replaces the variants in this environment. ${WEIGHTS}`,
          ),
          params: EnvironmentParams,
          body: VariantListBody,
          response: { 200: FeatureVariantsResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { projectId, featureName, environment } = request.params;
        const actor = actorOf(request);
        const variants = await inTransaction(db, (tx) =>
          createVariantService(tx).overwrite(projectId, featureName, environment, request.body, actor),
        );
        return toVariantsResponse(variants);
      },
    );

    app.patch(
      VARIANTS,
      {
        config: {
          auth: {
            permission: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
            project: 'params.projectId',
            environment: 'params.environment',
            reviewedBy: 'environment',
          },
        },
        schema: {
          ...describe(
            'Features',
            'patchEnvironmentsFeatureVariants',
            'Change the variants of a flag in an environment with JSON Patch',
            `Applies RFC 6902 operations to the variant list as GET shows it, then stores it like PUT. ${WEIGHTS}`,
          ),
          params: EnvironmentParams,
          body: PatchBody,
          response: { 200: FeatureVariantsResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { projectId, featureName, environment } = request.params;
        const actor = actorOf(request);
        const variants = await inTransaction(db, (tx) =>
          createVariantService(tx).patch(
            projectId,
            featureName,
            environment,
            request.body as PatchOperation[],
            actor,
            (patched) => checkPatched<VariantListBody>(VariantListBody, patched),
          ),
        );
        return toVariantsResponse(variants);
      },
    );

    app.put(
      '/api/admin/projects/:projectId/features/:featureName/variants-batch',
      {
        config: {
          auth: {
            permission: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
            project: 'params.projectId',
            environment: 'body.environments',
            reviewedBy: 'environment',
          },
        },
        schema: {
          ...describe(
            'Features',
            'overwriteFeatureVariantsOnEnvironments',
            'Set the same variants in several environments',
            `Replaces the variants of the flag in every listed environment, all or nothing. ${WEIGHTS}`,
          ),
          params: FlagParams,
          body: VariantsBatchBody,
          response: { 200: FeatureVariantsResponse, ...errorResponses(400, 401, 403, 404, 415) },
        },
      },
      async (request) => {
        const { projectId, featureName } = request.params;
        const actor = actorOf(request);
        const variants = await inTransaction(db, (tx) =>
          createVariantService(tx).overwriteMany(
            projectId,
            featureName,
            request.body.environments,
            request.body.variants,
            actor,
          ),
        );
        return toVariantsResponse(variants);
      },
    );
  };
}
