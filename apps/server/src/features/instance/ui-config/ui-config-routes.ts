import { createSsoSettingsStore } from '../../identity/index.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import packageJson from '../../../../package.json' with { type: 'json' };
import type { Config } from '../../../config.ts';
import { inTransaction, type Db } from '../../../db/db.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses, noContent } from '../../../http/operation.ts';
import { actorOf } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { createMaintenanceStore } from '../maintenance/maintenance-store.ts';
import { STRATEGY_SEGMENTS_LIMIT } from '@switchyard/rules';
import { SEGMENT_VALUES_LIMIT } from '../../flag-model/segments/segment.ts';
import { createFrontendOriginStore, isOrigin, type FrontendOrigins } from './frontend-origins.ts';
import { CorsBody, UiConfigResponse } from './ui-config-schemas.ts';

const VERSION = packageJson.version;

/**
 * The screens Unleash's frontend shows only when its flags say so, all of which Switchyard serves (decision 0061):
 * `EEA` environments are created and edited, `UG` user groups, `P` flags move between projects, `signals` and
 * `automatedActions` signal endpoints and action sets.
 */
const UI_FLAGS = { EEA: true, UG: true, P: true, signals: true, automatedActions: true } as const;

/** What the admin UI needs to know about this server's configuration, as Unleash's ui-config names it. */
export function uiConfigRoutes(deps: {
  db: Db;
  config: Config;
  origins: FrontendOrigins;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const maintenance = createMaintenanceStore(deps.db);
    app.get(
      '/api/admin/ui-config',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Admin UI',
            'getUiConfig',
            'Get the admin UI configuration',
            "The server's settings the admin UI adapts to: its version, how people sign in, whether email is configured, maintenance mode, the Frontend API's origins and the limits it enforces. It also tells Unleash's own admin UI which of its Enterprise screens Switchyard serves: `versionInfo.current.enterprise` carries the version and `flags` turns those screens on, while `environment` names the licence, Open Source.",
          ),
          response: { 200: UiConfigResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({
        name: 'Switchyard',
        version: VERSION,
        environment: 'Open Source',
        versionInfo: { current: { oss: VERSION, enterprise: VERSION }, latest: {}, isLatest: true },
        flags: UI_FLAGS,
        unleashUrl: deps.config.publicUrl,
        baseUriPath: deps.config.basePath,
        authenticationType: 'open-source' as const,
        disablePasswordAuth: await createSsoSettingsStore(deps.db).passwordDisabled(),
        oidcConfiguredThroughEnv: deps.config.oidc !== undefined,
        emailEnabled: deps.config.email !== undefined,
        maintenanceMode: await maintenance.enabled(),
        frontendApiOrigins: await deps.origins.current(),
        resourceLimits: { segmentValues: SEGMENT_VALUES_LIMIT, strategySegments: STRATEGY_SEGMENTS_LIMIT },
        links: [
          {
            value: 'API specification',
            icon: 'code',
            href: `${deps.config.publicUrl.replace(/\/$/, '')}/docs/openapi.json`,
            title: 'The OpenAPI document of this server',
          },
        ],
      }),
    );

    app.post(
      '/api/admin/ui-config/cors',
      {
        config: { auth: { permission: 'UPDATE_CORS' } },
        schema: {
          ...describe(
            'Admin UI',
            'setCors',
            'Set the Frontend API origins',
            'Replaces the origins browsers may call the Frontend API (and OFREP) from. Stored in the database: every server process applies it within moments, and it takes precedence over UNLEASH_FRONTEND_API_ORIGINS from then on. Recorded as a setting-updated event.',
          ),
          body: CorsBody,
          response: { 204: noContent('Saved.'), ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request, reply) => {
        const origins = request.body.frontendApiOrigins.map((origin) => origin.trim());
        origins.forEach((origin, index) => {
          if (!isOrigin(origin))
            throw BadDataError.field(
              `/body/frontendApiOrigins/${index}`,
              `"${origin}" is not an origin: write scheme, host and optional port (https://shop.example.com) or *`,
            );
        });
        const unique = [...new Set(origins)];
        await inTransaction(deps.db, async (tx) => {
          const store = createFrontendOriginStore(tx);
          const before = (await store.stored()) ?? deps.config.frontendOrigins;
          await store.save(unique);
          const actor = actorOf(request);
          await createEventStore(tx).append({
            type: 'setting-updated',
            createdBy: actor.name,
            createdByUserId: actor.userId,
            data: { name: 'frontendApiOrigins', frontendApiOrigins: unique },
            preData: { name: 'frontendApiOrigins', frontendApiOrigins: before },
          });
        });
        deps.origins.forget();
        return reply.status(204).send();
      },
    );
  };
}
