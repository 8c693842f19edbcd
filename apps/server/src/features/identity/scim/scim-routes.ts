import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance } from 'fastify';
import { inTransaction, type Db } from '../../../db/db.ts';
import { HttpError } from '../../../http/errors.ts';
import { findBadText } from '../../../http/storable-input.ts';
import { readGroupPatch } from './scim-patch.ts';
import { createScimGroupService, type ScimGroupInput } from './scim-group-service.ts';
import { PatchBody, ScimGroupBody, ScimIdParams, ScimListQuery, ScimUserBody } from './scim-schemas.ts';
import { createScimUserService } from './scim-user-service.ts';
import { serviceProviderConfig, toGroupResource, toListResponse, toUserResource } from './scim-wire.ts';
import { readScimUser, SCIM, ScimError } from './scim.ts';

/** Where the SCIM endpoint lives; `/scim` answers too, for providers configured with the bare base URL. */
export const SCIM_PREFIXES = ['/scim/v2', '/scim'] as const;

/** RFC 7644 §3.12: every refusal on a SCIM route, including the auth hook's, in SCIM's error shape. */
function answerInScimShape(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    if (error instanceof HttpError) status = error.status;
    else if (error.validation) status = 400;
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) status = error.statusCode;
    const scimType =
      error instanceof ScimError ? error.scimType : error.validation ? 'invalidValue' : undefined;
    if (status === 500) request.log.error({ err: error }, 'unhandled error on a SCIM route');
    const detail = status === 500 ? 'Something went wrong on the server; it was logged.' : error.message;
    return reply
      .status(status)
      .type('application/scim+json')
      .send({ schemas: [SCIM.error], status: String(status), ...(scimType && { scimType }), detail });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .type('application/scim+json')
      .send({
        schemas: [SCIM.error],
        status: '404',
        detail: `No SCIM resource at ${request.url.split('?')[0]}`,
      }),
  );
  // Providers send application/scim+json (RFC 7644 §3.1); it is JSON, with the same refusal of unstorable text.
  app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      const parsed: unknown = body === '' ? undefined : JSON.parse(body.toString());
      const bad = findBadText(parsed, '/body');
      if (bad) return done(new ScimError(400, bad.message, 'invalidValue'), undefined);
      done(null, parsed);
    } catch {
      done(new ScimError(400, 'The body is not valid JSON', 'invalidSyntax'), undefined);
    }
  });
}

const groupInput = (body: {
  displayName: string;
  externalId?: string | null;
  members?: { value: string }[];
}): ScimGroupInput => ({
  displayName: body.displayName.trim(),
  externalId: body.externalId?.trim() || null,
  memberIds: (body.members ?? []).map((member) => member.value),
});

/**
 * The SCIM 2.0 endpoint (RFC 7644) an identity provider provisions users and groups through, with the SCIM token
 * (auth area `scim`). The protocol is the RFC's, so its operations stay out of openapi.json; the docs describe them.
 */
export function scimRoutes(deps: { db: Db; publicUrl: string }): FastifyPluginAsyncTypebox {
  const routes: FastifyPluginAsyncTypebox<{ base: string }> = async (app, options) => {
    answerInScimShape(app);
    const base = `${deps.publicUrl.replace(/\/$/, '')}${options.base}`;
    const users = <T>(fn: (s: ReturnType<typeof createScimUserService>) => Promise<T>) =>
      inTransaction(deps.db, (tx) => fn(createScimUserService(tx)));
    const groups = <T>(fn: (s: ReturnType<typeof createScimGroupService>) => Promise<T>) =>
      inTransaction(deps.db, (tx) => fn(createScimGroupService(tx)));
    const hide = { hide: true };
    app.addHook('onSend', async (_request, reply) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
        reply.type('application/scim+json');
    });

    app.get('/ServiceProviderConfig', { schema: hide }, async () =>
      serviceProviderConfig(`${deps.publicUrl.replace(/\/$/, '')}/docs`),
    );

    app.get('/Users', { schema: { ...hide, querystring: ScimListQuery } }, async (request) => {
      const { users: found, total } = await users((s) => s.list(request.query));
      const resources = found.map((user) => toUserResource(user, base));
      return toListResponse(resources, total, request.query.startIndex ?? 1);
    });
    app.get('/Users/:id', { schema: { ...hide, params: ScimIdParams } }, async (request) =>
      toUserResource(await users((s) => s.get(request.params.id)), base),
    );
    app.post('/Users', { schema: { ...hide, body: ScimUserBody } }, async (request, reply) => {
      const user = await users((s) => s.create(readScimUser(request.body)));
      return reply
        .status(201)
        .header('location', `${base}/Users/${user.id}`)
        .send(toUserResource(user, base));
    });
    app.put(
      '/Users/:id',
      { schema: { ...hide, params: ScimIdParams, body: ScimUserBody } },
      async (request) =>
        toUserResource(await users((s) => s.replace(request.params.id, readScimUser(request.body))), base),
    );
    app.patch('/Users/:id', { schema: { ...hide, params: ScimIdParams, body: PatchBody } }, async (request) =>
      toUserResource(await users((s) => s.patch(request.params.id, request.body.Operations)), base),
    );
    app.delete('/Users/:id', { schema: { ...hide, params: ScimIdParams } }, async (request, reply) => {
      await users((s) => s.delete(request.params.id));
      return reply.status(204).send();
    });

    app.get('/Groups', { schema: { ...hide, querystring: ScimListQuery } }, async (request) => {
      const { groups: found, total } = await groups((s) => s.list(request.query));
      const resources = found.map((group) => toGroupResource(group, base));
      return toListResponse(resources, total, request.query.startIndex ?? 1);
    });
    app.get('/Groups/:id', { schema: { ...hide, params: ScimIdParams } }, async (request) =>
      toGroupResource(await groups((s) => s.get(request.params.id)), base),
    );
    app.post('/Groups', { schema: { ...hide, body: ScimGroupBody } }, async (request, reply) => {
      const group = await groups((s) => s.create(groupInput(request.body)));
      return reply
        .status(201)
        .header('location', `${base}/Groups/${group.id}`)
        .send(toGroupResource(group, base));
    });
    app.put(
      '/Groups/:id',
      { schema: { ...hide, params: ScimIdParams, body: ScimGroupBody } },
      async (request) =>
        toGroupResource(await groups((s) => s.replace(request.params.id, groupInput(request.body))), base),
    );
    app.patch(
      '/Groups/:id',
      { schema: { ...hide, params: ScimIdParams, body: PatchBody } },
      async (request) =>
        toGroupResource(
          await groups((s) => s.patch(request.params.id, readGroupPatch(request.body.Operations))),
          base,
        ),
    );
    app.delete('/Groups/:id', { schema: { ...hide, params: ScimIdParams } }, async (request, reply) => {
      await groups((s) => s.delete(request.params.id));
      return reply.status(204).send();
    });
  };
  return async (app) => {
    for (const prefix of SCIM_PREFIXES) await app.register(routes, { prefix, base: prefix });
  };
}
