import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FlagResult } from '@switchyard/evaluation';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { Principal } from '../../../http/auth.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import type { ClientStateCache } from '../client-api/client-state-cache.ts';
import { sendSerialised, serialiseJson } from '../frontend-api/frontend-response.ts';
import { projectFilter } from '../serving/token-scope.ts';
import { reportExposures, type ExposurePort } from '../serving/exposure-port.ts';
import { buildOfrepContext, evaluateOfrepFlag, evaluateOfrepFlags, hasTargetingKey } from './ofrep.ts';
import {
  OfrepBody,
  OfrepBulkResponse,
  OfrepFailureResponse,
  OfrepKeyParams,
  OfrepSuccessResponse,
} from './ofrep-schemas.ts';

type TokenPrincipal = Extract<Principal, { kind: 'token' }>;

const SEMANTICS =
  ' Unleash semantics differ from OFREP\'s here: a flag that is off for the context is answered with reason DISABLED and the value false (the Frontend API leaves it out); the value of a flag with variants is the chosen variant\'s payload (a string, a number or a JSON value; its name without payload); `targetingKey` is the userId, and a flag rolled out by userId answers TARGETING_KEY_MISSING without one, where Unleash would say "off".';

/**
 * The OpenFeature Remote Evaluation Protocol: the Frontend API's evaluation (same cache, same context mapping, same
 * token scoping) in OFREP's request and response shapes, for every OpenFeature SDK with an OFREP provider.
 */
export function ofrepRoutes(deps: {
  cache: ClientStateCache;
  exposures?: ExposurePort;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    // OFREP's own failure shape for what providers can fix: a body that is no JSON or a context that is no object.
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const key = (request.params as { key?: string } | undefined)?.key;
      if (error.validation) {
        return reply.code(400).send({ key, errorCode: 'INVALID_CONTEXT', errorDetails: error.message });
      }
      if (error.code?.startsWith('FST_ERR_CTP_') && error.statusCode === 400) {
        return reply.code(400).send({ key, errorCode: 'PARSE_ERROR', errorDetails: error.message });
      }
      throw error; // authentication and everything else: the one error format, from the parent handler
    });

    // A request without a body asks about the empty context, as `{}` would.
    app.addHook('preValidation', async (request) => {
      request.body ??= {};
    });

    const evaluateFor = async (request: FastifyRequest, raw: Record<string, unknown>) => {
      const principal = request.principal as TokenPrincipal;
      const snapshot = await deps.cache.compiled(principal.environment);
      const context = buildOfrepContext(raw, request.ip);
      const seen = (results: readonly FlagResult[]) =>
        reportExposures(deps.exposures, principal.environment, context, results);
      return { snapshot, context, targeted: hasTargetingKey(raw), filter: projectFilter(principal), seen };
    };

    app.post(
      '/ofrep/v1/evaluate/flags',
      {
        config: { auth: { area: 'sdk' } },
        schema: {
          ...describe(
            'OpenFeature',
            'ofrepEvaluateFlags',
            'Evaluate every flag (OFREP bulk)',
            "Evaluates every flag in the token's environment and projects for the context, as OFREP's static-context (web) providers ask. Takes a frontend or a client token. The weak ETag depends only on the answer: with `If-None-Match` equal to it the answer is 304 without a body." +
              SEMANTICS,
          ),
          body: OfrepBody,
          response: {
            200: OfrepBulkResponse,
            304: { description: 'The evaluation did not change since the ETag sent.', type: 'null' },
            400: OfrepFailureResponse(
              'The body is no JSON (PARSE_ERROR) or the context is no object (INVALID_CONTEXT).',
            ),
            ...errorResponses(401, 403),
          },
        },
      },
      async (request, reply) => {
        const raw = (request.body?.context ?? {}) as Record<string, unknown>;
        const { snapshot, context, targeted, filter, seen } = await evaluateFor(request, raw);
        const body = evaluateOfrepFlags(snapshot, context, filter, targeted, seen);
        return sendSerialised(request, reply, serialiseJson(body));
      },
    );

    app.post(
      '/ofrep/v1/evaluate/flags/:key',
      {
        config: { auth: { area: 'sdk' } },
        schema: {
          ...describe(
            'OpenFeature',
            'ofrepEvaluateFlag',
            'Evaluate one flag (OFREP)',
            "Evaluates one flag for the context, as OFREP's dynamic-context (server) providers ask. Takes a client or a frontend token. 404 FLAG_NOT_FOUND when the flag is unknown or outside the token's projects." +
              SEMANTICS,
          ),
          params: OfrepKeyParams,
          body: OfrepBody,
          response: {
            200: OfrepSuccessResponse,
            400: OfrepFailureResponse(
              'TARGETING_KEY_MISSING, PARSE_ERROR (no JSON, or a variant payload that is not the type it says), or INVALID_CONTEXT.',
            ),
            404: OfrepFailureResponse('FLAG_NOT_FOUND: the flag does not exist for this token.'),
            ...errorResponses(401, 403),
          },
        },
      },
      async (request, reply) => {
        const { key } = request.params;
        const raw = (request.body?.context ?? {}) as Record<string, unknown>;
        const { snapshot, context, targeted, filter, seen } = await evaluateFor(request, raw);
        const { status, body } = evaluateOfrepFlag(snapshot, key, context, filter, targeted, seen);
        return reply.code(status).send(body);
      },
    );
  };
}
