import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inTransaction, type Db } from '../../../db/db.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import type { Banner } from './banner.ts';
import {
  BannerIdParams,
  BannerListResponse,
  BannerResponse,
  CreateBannerBody,
  UpdateBannerBody,
} from './banner-schemas.ts';
import { createBannerService, type BannerService } from './banner-service.ts';

export const toBannerResponse = (banner: Banner) => ({
  ...banner,
  createdAt: banner.createdAt.toISOString(),
});

const bannerResponse = (description: string) => ({ ...BannerResponse, $id: undefined, description });

/** /api/admin/banners: messages at the top of the admin UI. Admins write them; every signed-in user reads them. */
export function bannerRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(BannerResponse);
    const service = createBannerService(deps.db);
    const tx = <T>(fn: (s: BannerService) => Promise<T>) =>
      inTransaction(deps.db, (t) => fn(createBannerService(t)));

    app.get(
      '/api/admin/banners',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Banners',
            'getBanners',
            'List banners',
            'Lists every banner, enabled or not, oldest first. Every signed-in user may read them: the admin UI shows the enabled ones to everyone.',
          ),
          response: { 200: BannerListResponse, ...errorResponses(401) },
        },
      },
      async () => ({ banners: (await service.list()).map(toBannerResponse) }),
    );

    app.post(
      '/api/admin/banners',
      {
        config: { auth: { permission: 'UPDATE_INSTANCE_BANNERS' } },
        schema: {
          ...describe(
            'Banners',
            'createBanner',
            'Create a banner',
            'Creates a banner. It is enabled, with the info variant, unless the body says otherwise. A link of `dialog` needs the dialog text.',
          ),
          body: CreateBannerBody,
          response: {
            201: bannerResponse('The created banner.'),
            ...errorResponses(400, 401, 403, 415),
          },
        },
      },
      async (request, reply) => {
        const banner = await tx((s) => s.create(request.body, actorOf(request)));
        return reply.status(201).header('location', `banners/${banner.id}`).send(toBannerResponse(banner));
      },
    );

    app.put(
      '/api/admin/banners/:id',
      {
        config: { auth: { permission: 'UPDATE_INSTANCE_BANNERS' } },
        schema: {
          ...describe(
            'Banners',
            'updateBanner',
            'Update a banner',
            'Changes the given properties of a banner; the ones left out keep their values. Send null to clear an optional property.',
          ),
          params: BannerIdParams,
          body: UpdateBannerBody,
          response: {
            200: bannerResponse('The banner after the change.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request) =>
        toBannerResponse(await tx((s) => s.update(request.params.id, request.body, actorOf(request)))),
    );

    for (const [suffix, enabled] of [
      ['on', true],
      ['off', false],
    ] as const) {
      app.post(
        `/api/admin/banners/:id/${suffix}`,
        {
          config: { auth: { permission: 'UPDATE_INSTANCE_BANNERS' } },
          schema: {
            ...describe(
              'Banners',
              enabled ? 'enableBanner' : 'disableBanner',
              enabled ? 'Enable a banner' : 'Disable a banner',
              enabled
                ? 'Shows the banner to every signed-in user. Enabling an enabled banner changes nothing but is recorded.'
                : 'Hides the banner from everyone and keeps it for later.',
            ),
            params: BannerIdParams,
            response: {
              200: bannerResponse(`The banner, now ${enabled ? 'enabled' : 'disabled'}.`),
              ...errorResponses(401, 403, 404),
            },
          },
        },
        async (request) =>
          toBannerResponse(await tx((s) => s.setEnabled(request.params.id, enabled, actorOf(request)))),
      );
    }

    app.delete(
      '/api/admin/banners/:id',
      {
        config: { auth: { permission: 'UPDATE_INSTANCE_BANNERS' } },
        schema: {
          ...describe('Banners', 'deleteBanner', 'Delete a banner', 'Deletes a banner for good.'),
          params: BannerIdParams,
          response: { 200: noContent('The banner was deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await tx((s) => s.delete(request.params.id, actorOf(request)));
        return reply.status(200).send();
      },
    );
  };
}
