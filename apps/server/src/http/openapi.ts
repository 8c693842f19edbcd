import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { RouteAuth } from './auth.ts';
import { withErrorExamples } from './error-catalogue.ts';

/**
 * The API areas of the documentation; every operation carries exactly one of them as its first tag. An operation
 * of UNSTABLE_OPERATIONS carries `Unstable` as a second tag.
 */
export const API_AREAS = [
  'Addons',
  'Admin UI',
  'API tokens',
  'Archive',
  'Auth',
  'Banners',
  'Change Requests',
  'Client',
  'Context',
  'Dependencies',
  'Edge',
  'Environments',
  'Events',
  'Experiments',
  'Feature Types',
  'Features',
  'Frontend API',
  'History',
  'Impact Metrics',
  'Import/Export',
  'Instance Admin',
  'Legacy',
  'Maintenance',
  'Metrics',
  'Notifications',
  'OpenFeature',
  'Operational',
  'Personal access tokens',
  'Playground',
  'Projects',
  'Public signup tokens',
  'Release Templates',
  'Search',
  'Segments',
  'Service Accounts',
  'Strategies',
  'Tags',
  'Telemetry',
  'Unstable',
  'Users',
  'System',
] as const;

export type ApiArea = (typeof API_AREAS)[number];

/**
 * Operations Unleash tags Unstable that Switchyard serves: their paths and payloads may change in a minor release,
 * as they may in Unleash (docs: API reference, Unstable).
 */
export const UNSTABLE_OPERATIONS: ReadonlySet<string> = new Set([
  'getActionableChangeRequests',
  'streamClientFeatures',
  // Unleash's SCIM settings (Enterprise) are tagged Unstable there.
  'getScimSettings',
  'setScimSettings',
  'generateNewToken',
  // The analytics screen's calls (Enterprise).
  'getInstanceInsights',
  'getLifecycleTrends',
]);

const AREA_DESCRIPTIONS: Record<ApiArea, string> = {
  Addons:
    'Integrations (Unleash: addons) that send every matching event to a webhook, Slack, Teams, Datadog or New Relic, with their delivery log; and signal endpoints, through which other systems send signals that project actions act on.',
  'Change Requests':
    'Four-eyes review of changes to an environment: drafts, reviews, approvals, applying now or at a scheduled time, and the settings that turn it on per project and environment.',
  'Instance Admin':
    'What an administrator reads about the whole installation: instance statistics, as JSON or CSV.',
  Metrics:
    'What SDKs report: applications and their instances, flag usage per hour, outdated SDKs and flags that apps ask for but that do not exist.',
  Notifications:
    "Each signed-in user's notifications: reviews asked of them and news of their own change requests.",
  Search: 'Find flags across projects with filters, sorting and paging: the search behind the flag lists.',
  Telemetry:
    'What Switchyard would report about itself. Nothing is ever sent unless an administrator turns it on; this area reads the settings.',
  'API tokens': 'Create and manage the tokens SDKs and scripts use to call Switchyard.',
  Archive: 'Flags that were archived: list, revive or delete them for good.',
  'Admin UI':
    "What the admin UI reads and records: the server's settings it adapts to (version, sign-in, maintenance, limits), the origins the Frontend API accepts, the splash screens and feedback prompts each user has seen, and the errors the UI could not handle.",
  Unstable:
    'Operations that may still change: Unleash marks them unstable, and Switchyard follows its lead. Their paths, parameters and payloads can change in any release, without a deprecation period; each one is listed in its own area too, with a second tag Unstable. Build on them knowing you may have to adapt.',
  Auth: 'Sign in and out of the admin UI, and reset a forgotten password with an emailed link.',
  Banners: 'Messages shown at the top of the admin UI to every signed-in user.',
  Client: 'The API server-side SDKs poll or stream to get flag configuration, and where they report usage.',
  Context: 'Context fields: the attributes constraints and stickiness refer to.',
  Dependencies: 'Make a flag depend on a parent flag.',
  Environments: 'The environments flags are configured in.',
  Events: 'The append-only log of every change.',
  History:
    "What SDKs were served at any instant since history began: the configuration then, two instants compared, a flag's recorded changes and restoring a flag to how it was.",
  'Feature Types': 'Flag types and their expected lifetimes.',
  Features: 'Create flags, configure their strategies and variants per environment, and change them in bulk.',
  'Frontend API': 'Evaluated flags for browser and mobile SDKs.',
  Experiments:
    "A/B tests on a flag's variants in one environment: set one up, start and stop it, read its results; and where exposures and conversions come in from SDKs.",
  'Impact Metrics':
    'Counters, gauges and histograms that SDKs define and report with their usage, labelled with the application, environment and flags, read as time series.',
  'Import/Export':
    'Export flags of an environment with everything they use, and check or import such an export in another project or instance.',
  Legacy:
    'Deprecated paths older SDKs and scripts still call: the v1 flag endpoints, the state file export and import, the old metrics summaries and `/api/proxy`. Each names the operation that replaces it.',
  Maintenance: 'Pause every change through the Admin API, for an upgrade or an incident.',
  OpenFeature:
    'The OpenFeature Remote Evaluation Protocol (OFREP): flags evaluated on the server for any OpenFeature SDK with an OFREP provider.',
  Edge: 'What an edge in front of Switchyard calls: token validation, tokens for an edge by signed request, and metrics it forwards.',
  Operational: 'Health and readiness checks.',
  'Personal access tokens': 'Tokens that act as the signed-in user.',
  'Public signup tokens': 'Invite links: people open one to create their own account.',
  Playground: 'Evaluate flags for a context and see why each one is on or off.',
  Projects: 'Projects group flags, environments and tokens.',
  'Release Templates':
    'Reusable releases: ordered milestones, each with the strategies it puts on a flag environment, and how long each lasts before the next starts.',
  Segments: 'Reusable sets of constraints.',
  'Service Accounts': 'Accounts for scripts and pipelines that act through their tokens, with a root role.',
  Strategies: 'Activation strategy definitions, built-in and custom.',
  Tags: 'Tag types and tags that label flags.',
  Users: 'The signed-in user and user management.',
  System: 'Metrics for monitoring Switchyard itself.',
};

export const OPENAPI_INFO = {
  title: 'Switchyard API',
  version: '1.0.0',
  description:
    'The admin, client and frontend APIs of Switchyard. Paths and payloads follow the Unleash API, so Unleash SDKs and scripts work unchanged.',
  license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: OPENAPI_INFO,
      servers: [{ url: 'http://localhost:4242', description: 'A local Switchyard' }],
      tags: API_AREAS.map((name) => ({ name, description: AREA_DESCRIPTIONS[name] })),
      components: {
        securitySchemes: {
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'An API token or personal access token.',
          },
          session: { type: 'apiKey', in: 'cookie', name: 'switchyard-session' },
          edgeHmac: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              '`HMAC <clientId>:<signature>` with `x-timestamp`, `x-nonce` and `content-sha256` headers: an edge client of EDGE_CLIENTS signing its request.',
          },
        },
      },
      security: [{ apiKey: [] }, { session: [] }],
    },
    // The permission a route declares (config.auth), and the change requests that review it, are stated on its
    // operation, for people and for the matrix test.
    transform: ({ schema: routeSchema, url, route }) => {
      let schema = routeSchema;
      const operation = schema as { operationId?: string; tags?: string[] } | undefined;
      if (operation?.operationId && UNSTABLE_OPERATIONS.has(operation.operationId))
        schema = { ...schema, tags: [...(operation.tags ?? []), 'Unstable'] } as typeof schema;
      const auth = (route.config as { auth?: RouteAuth } | undefined)?.auth;
      const permission = auth?.permission;
      if (!permission || !schema) return { schema, url };
      const alternative = auth.orInProjects ? `, or ${auth.orInProjects} in each project it names` : '';
      const chosen = auth.orOneOf
        ? `, or whichever of ${auth.orOneOf.among.join(', ')} what it acts on needs`
        : '';
      const description = [
        schema.description,
        `Requires the ${permission} permission${alternative}${chosen}.`,
      ]
        .filter(Boolean)
        .join(' ');
      const extensions = {
        'x-permission': permission,
        ...(auth.orInProjects ? { 'x-project-permission': auth.orInProjects } : {}),
        ...(auth.orOneOf ? { 'x-permission-alternatives': [...auth.orOneOf.among] } : {}),
        // Which change requests review the write where they are on (http/change-request-guard.ts).
        ...(auth.reviewedBy ? { 'x-reviewed-by': auth.reviewedBy } : {}),
      };
      return { schema: { ...schema, description, ...extensions } as typeof schema, url };
    },
    transformObject: (input) =>
      'openapiObject' in input ? withErrorExamples(input.openapiObject) : input.swaggerObject,
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
  });
  app.get('/docs/openapi.json', { schema: { hide: true }, config: { auth: { area: 'public' } } }, async () =>
    app.swagger(),
  );
}
