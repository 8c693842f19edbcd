import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import type { Keyring } from '../../../db/sealed-secrets.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { toEventResponse } from '../../flag-model/events/event-routes.ts';
import { MASK, type Addon } from './addon.ts';
import { PROVIDERS, providerNamed } from './addon-providers.ts';
import {
  AddonCreateUpdateBody,
  AddonIdParams,
  AddonListResponse,
  AddonResponse,
  DeliveryLogQuery,
  DeliveryLogResponse,
  ProviderResponse,
  TestEventResponse,
} from './addon-schemas.ts';
import { AddonRuleError, createAddonService } from './addon-service.ts';
import type { OutboundPolicy } from './outbound-guard.ts';
import { sendTestEvent } from './addon-test-event.ts';
import type { SendContext } from './addon-provider.ts';

/** The addon as the API shows it: secret parameters read `*****`. */
export function toAddonResponse(addon: Addon) {
  const secret = new Set(
    providerNamed(addon.provider)
      ?.parameters.filter((p) => p.sensitive)
      .map((p) => p.name),
  );
  const parameters = Object.fromEntries(
    Object.entries(addon.parameters).map(([name, value]) => [name, secret.has(name) && value ? MASK : value]),
  );
  const { createdAt: _createdAt, ...rest } = addon;
  return { ...rest, parameters };
}

const toProviderResponse = ({ build: _build, ...provider }: (typeof PROVIDERS)[number]) => provider;

/** A rule the service names by field becomes a 400 naming the body's field. */
async function naming<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AddonRuleError)
      throw BadDataError.field(`/body/${error.field.replace('.', '/')}`, error.message);
    throw error;
  }
}

const addonResponse = (description: string) => ({ ...AddonResponse, $id: undefined, description });

/** /api/admin/addons: integrations that send events elsewhere, and the log of their deliveries. */
export function addonRoutes(deps: {
  db: Db;
  policy: OutboundPolicy;
  /** For test events: the deadline of one request and what messages link to. */
  timeoutMs: number;
  context: SendContext;
  secrets: Keyring;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addSchema(AddonResponse);
    app.addSchema(ProviderResponse);
    const service = createAddonService(deps.db, deps.policy, deps.secrets);

    app.get(
      '/api/admin/addons',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Addons',
            'getAddons',
            'List integrations and providers',
            'Lists the configured integrations (secrets masked) and every provider with the parameters it takes.',
          ),
          response: { 200: AddonListResponse, ...errorResponses(401) },
        },
      },
      async () => ({
        addons: (await service.list()).map(toAddonResponse),
        providers: PROVIDERS.map(toProviderResponse),
      }),
    );

    app.post(
      '/api/admin/addons',
      {
        config: { auth: { permission: 'CREATE_ADDON' } },
        schema: {
          ...describe(
            'Addons',
            'createAddon',
            'Create an integration',
            'Creates an integration of a provider. Required parameters must be given; a URL that resolves to a loopback, link-local or private address is refused unless INTEGRATION_ALLOWED_HOSTS allows it.',
          ),
          body: AddonCreateUpdateBody,
          response: { 200: addonResponse('The created integration.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request) => toAddonResponse(await naming(service.create(request.body, actorOf(request)))),
    );

    app.get(
      '/api/admin/addons/:id',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe('Addons', 'getAddon', 'Get an integration', 'One integration, secrets masked.'),
          params: AddonIdParams,
          response: { 200: addonResponse('The integration.'), ...errorResponses(401, 404) },
        },
      },
      async (request) => toAddonResponse(await service.get(request.params.id)),
    );

    app.put(
      '/api/admin/addons/:id',
      {
        config: { auth: { permission: 'UPDATE_ADDON' } },
        schema: {
          ...describe(
            'Addons',
            'updateAddon',
            'Update an integration',
            "Replaces an integration's settings. A secret parameter sent back as `*****` keeps its saved value.",
          ),
          params: AddonIdParams,
          body: AddonCreateUpdateBody,
          response: {
            200: addonResponse('The integration after the change.'),
            ...errorResponses(400, 401, 403, 404, 415),
          },
        },
      },
      async (request) =>
        toAddonResponse(await naming(service.update(request.params.id, request.body, actorOf(request)))),
    );

    app.delete(
      '/api/admin/addons/:id',
      {
        config: { auth: { permission: 'DELETE_ADDON' } },
        schema: {
          ...describe(
            'Addons',
            'deleteAddon',
            'Delete an integration',
            'Deletes an integration with its pending deliveries and its delivery log.',
          ),
          params: AddonIdParams,
          response: { 200: noContent('The integration was deleted.'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.delete(request.params.id, actorOf(request));
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/admin/addons/:id/test',
      {
        config: { auth: { permission: 'UPDATE_ADDON' } },
        schema: {
          ...describe(
            'Addons',
            'testAddon',
            'Send a test event',
            "Switchyard's own: sends a made-up event (someone enabling the flag `switchyard-test-event` in production) to the integration now and answers how it went, whatever its event filters and even when it is disabled. Nothing is recorded: not in the event log, not in the delivery log.",
          ),
          params: AddonIdParams,
          response: { 200: TestEventResponse, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const addon = await service.get(request.params.id);
        const outcome = await sendTestEvent(addon, actorOf(request), deps);
        return { state: outcome.state, stateDetails: outcome.stateDetails };
      },
    );

    app.get(
      '/api/admin/addons/:id/events',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            'Addons',
            'getIntegrationEvents',
            'Delivery log of an integration',
            'Every attempt to deliver an event, newest first: success, failed (with the status and the reason) or successWithErrors. Response bodies of receivers are never stored.',
          ),
          params: AddonIdParams,
          querystring: DeliveryLogQuery,
          response: { 200: DeliveryLogResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const log = await service.deliveryLog(
          request.params.id,
          request.query.limit ?? 50,
          request.query.offset ?? 0,
        );
        return {
          integrationEvents: log.map(({ attempt, event }) => ({
            id: String(attempt.id),
            integrationId: attempt.addonId,
            createdAt: attempt.createdAt.toISOString(),
            state: attempt.state,
            stateDetails: attempt.stateDetails,
            event: event ? toEventResponse(event) : null,
            details: attempt.details,
          })),
        };
      },
    );
  };
}
