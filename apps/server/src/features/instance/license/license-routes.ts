import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { createLicensedUsersReadModel } from './licensed-users-read-model.ts';
import { LicenseCheckResponse, LicensedUsersResponse, LicenseResponse } from './license-schemas.ts';

const AREA = 'Instance Admin';

/**
 * Unleash's licence operations, which its admin UI calls once it sees an Enterprise surface (decision 0061).
 * Switchyard is Apache-2.0 and has no licence: each answers so in Unleash's shape. It takes no key either: Unleash's
 * `POST /api/admin/license` is not served (404), and the license page that sends it is not shown (`enableLicense`).
 */
export function licenseRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const seats = createLicensedUsersReadModel(deps.db);

    app.get(
      '/api/admin/license/check',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            AREA,
            'checkLicense',
            'Check the licence',
            'Whether the licence is valid, with a message to show everyone if not. Switchyard needs no licence: always valid, never a message.',
          ),
          response: { 200: LicenseCheckResponse, ...errorResponses(401) },
        },
      },
      async () => ({ isValid: true }),
    );

    app.get(
      '/api/admin/license',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'readLicense',
            'Get the licence',
            'The installed licence. Switchyard has none and needs none: valid, with no key, customer, plan, limits or expiry.',
          ),
          response: { 200: LicenseResponse, ...errorResponses(401, 403) },
        },
      },
      async () => ({ isValid: true, resources: {} }),
    );

    app.get(
      '/api/admin/licensed-users',
      {
        config: { auth: { permission: 'ADMIN' } },
        schema: {
          ...describe(
            AREA,
            'getLicensedUsers',
            'Count the seats in use',
            'Seats as Unleash counts them: people (not service accounts) who had an account at any time in the last 30 days, now and at the end of each of the last twelve months. Switchyard limits no seats, so `seatCount` equals the seats in use.',
          ),
          response: { 200: LicensedUsersResponse, ...errorResponses(401, 403) },
        },
      },
      async () => {
        const { current, history } = await seats.seats();
        return { seatCount: current, licensedUsers: { current, history } };
      },
    );
  };
}
