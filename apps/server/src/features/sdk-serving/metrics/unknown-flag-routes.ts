import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { createUnknownFlagStore, UNKNOWN_FLAGS_KEPT_HOURS, UNKNOWN_FLAGS_MAX } from './unknown-flag-store.ts';

const UnknownFlags = Type.Object(
  {
    unknownFlags: Type.Array(
      Type.Object({
        name: Type.String({ description: 'The flag name the SDK reported.' }),
        appName: Type.String(),
        environment: Type.String(),
        seenAt: Type.String({ format: 'date-time', description: 'When it was last reported.' }),
      }),
    ),
  },
  {
    examples: [
      {
        unknownFlags: [
          {
            name: 'old-banner',
            appName: 'checkout-service',
            environment: 'production',
            seenAt: '2026-01-15T10:05:00.000Z',
          },
        ],
      },
    ],
  },
);

/** Flag names SDKs ask for that no flag carries: typos, flags deleted while code still asks, flags not created yet. */
export function unknownFlagRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const store = createUnknownFlagStore(deps.db);
    app.get(
      '/api/admin/metrics/unknown-flags',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Metrics',
            'getUnknownFlags',
            'List unknown flags',
            `Flag names SDKs reported usage of that no flag carries (archived flags count as existing), per application and environment, newest first. Names unseen for ${UNKNOWN_FLAGS_KEPT_HOURS} hours drop off; at most ${UNKNOWN_FLAGS_MAX} are kept.`,
          ),
          response: { 200: UnknownFlags, ...errorResponses(401, 403) },
        },
      },
      async () => ({
        unknownFlags: (await store.list()).map((flag) => ({ ...flag, seenAt: flag.seenAt.toISOString() })),
      }),
    );
  };
}
