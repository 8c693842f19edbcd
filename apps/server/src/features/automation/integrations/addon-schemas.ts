import { Type } from 'typebox';
import { EventResponse } from '../../flag-model/events/event-schemas.ts';

const exampleAddon = {
  id: 1,
  provider: 'webhook',
  description: 'Tell the release bot',
  enabled: true,
  parameters: {
    url: '*****',
    contentType: 'application/json',
    bodyTemplate: '{"text": "{{{eventMarkdown}}}"}',
  },
  events: ['feature-environment-enabled', 'feature-environment-disabled'],
  projects: ['default'],
  environments: ['production'],
};
const { id: _id, ...exampleBody } = exampleAddon;

const names = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 500, description });

const filters = {
  events: names('Event types the integration receives, e.g. `feature-environment-enabled`.'),
  projects: Type.Optional(names('Projects whose events it receives; empty or `*` for every project.')),
  environments: Type.Optional(
    names('Environments whose events it receives; empty or `*` for every environment.'),
  ),
};

export const AddonCreateUpdateBody = Type.Object(
  {
    id: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Ignored: clients may send back the addon as read.' }),
    ),
    provider: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The provider, e.g. `webhook`, as GET /api/admin/addons lists them.',
    }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    enabled: Type.Boolean({ description: 'Only enabled integrations receive events.' }),
    parameters: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 20_000 }), {
      description: "The provider's parameters by name. A secret sent back as `*****` keeps its saved value.",
    }),
    ...filters,
  },
  { additionalProperties: false, examples: [exampleBody] },
);

export const AddonResponse = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    provider: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    enabled: Type.Boolean(),
    parameters: Type.Record(Type.String(), Type.String(), { description: 'Secret parameters read `*****`.' }),
    events: Type.Array(Type.String()),
    projects: Type.Array(Type.String()),
    environments: Type.Array(Type.String()),
  },
  { $id: 'addonSchema', examples: [exampleAddon] },
);

export const ProviderResponse = Type.Object(
  {
    name: Type.String(),
    displayName: Type.String(),
    documentationUrl: Type.String({
      description: "The provider's page, as a path on the documentation site.",
    }),
    description: Type.String(),
    howTo: Type.Optional(Type.String()),
    deprecated: Type.Optional(Type.String()),
    tagTypes: Type.Optional(
      Type.Array(
        Type.Object({
          name: Type.String(),
          description: Type.Optional(Type.String()),
          icon: Type.Optional(Type.String()),
        }),
      ),
    ),
    parameters: Type.Array(
      Type.Object({
        name: Type.String(),
        displayName: Type.String(),
        type: Type.String({ description: '`url`, `text` or `textfield` (several lines).' }),
        description: Type.Optional(Type.String()),
        placeholder: Type.Optional(Type.String()),
        required: Type.Boolean(),
        sensitive: Type.Boolean({ description: 'A secret: shown as `*****`.' }),
      }),
    ),
    events: Type.Array(Type.String()),
  },
  { $id: 'addonTypeSchema' },
);

const exampleProvider = {
  name: 'webhook',
  displayName: 'Webhook',
  documentationUrl: '/reference/integrations/webhook',
  description: 'Sends every matching event to a URL of yours as an HTTP POST, as JSON or a body of your own.',
  parameters: [
    { name: 'url', displayName: 'URL', type: 'url', required: true, sensitive: true },
    {
      name: 'bodyTemplate',
      displayName: 'Body template',
      type: 'textfield',
      required: false,
      sensitive: false,
    },
  ],
  events: ['feature-created', 'feature-environment-enabled'],
};

export const AddonListResponse = Type.Object(
  {
    addons: Type.Array(Type.Ref('addonSchema')),
    providers: Type.Array(Type.Ref('addonTypeSchema')),
  },
  { examples: [{ addons: [exampleAddon], providers: [exampleProvider] }] },
);

export const AddonIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, description: "The integration's id." }),
});

export const DeliveryLogQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'At most this many attempts.' }),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      default: 0,
      description: 'Skip this many newer attempts.',
    }),
  ),
});

const exampleAttempt = {
  id: '17',
  integrationId: 1,
  createdAt: '2026-01-15T10:00:02.000Z',
  state: 'failed',
  stateDetails: 'Webhook: the receiver answered 503',
  event: {
    id: 42,
    type: 'feature-environment-enabled',
    createdAt: '2026-01-15T10:00:00.000Z',
    createdBy: 'admin',
    createdByUserId: 1,
    environment: 'production',
    project: 'default',
    featureName: 'new-checkout',
    data: null,
    preData: null,
    tags: [],
  },
  details: { status: 503, attempt: 1, nextAttemptInMs: 5000 },
};

export const DeliveryLogResponse = Type.Object(
  {
    integrationEvents: Type.Array(
      Type.Object({
        id: Type.String({ description: 'Increases with every attempt.' }),
        integrationId: Type.Integer(),
        createdAt: Type.String({ format: 'date-time' }),
        state: Type.Union([
          Type.Literal('success'),
          Type.Literal('failed'),
          Type.Literal('successWithErrors'),
        ]),
        stateDetails: Type.String({
          description: 'What happened, e.g. the status the receiver answered; never its body.',
        }),
        event: Type.Union([{ ...EventResponse, $id: undefined }, Type.Null()]),
        details: Type.Record(Type.String(), Type.Unknown()),
      }),
    ),
  },
  { examples: [{ integrationEvents: [exampleAttempt] }] },
);

export const TestEventResponse = Type.Object(
  {
    state: Type.Union([Type.Literal('success'), Type.Literal('failed'), Type.Literal('successWithErrors')]),
    stateDetails: Type.String({
      description: 'What happened, e.g. the status the receiver answered; never its body.',
    }),
  },
  { examples: [{ state: 'success', stateDetails: 'Webhook: sent (200)' }] },
);
