import { Type } from 'typebox';
import { ENDPOINT_NAME_PATTERN } from './signal.ts';

const exampleToken = {
  id: 1,
  name: 'alertmanager',
  signalEndpointId: 1,
  createdAt: '2026-01-15T10:00:00.000Z',
  createdByUserId: 1,
};
const exampleEndpoint = {
  id: 1,
  name: 'checkout-alerts',
  description: 'Alerts of the checkout service',
  enabled: true,
  createdAt: '2026-01-15T10:00:00.000Z',
  createdByUserId: 1,
  tokens: [exampleToken],
};
const examplePayload = { alert: 'checkout-errors', status: 'firing', severity: 'critical' };
const exampleSignal = {
  id: 7,
  source: 'signal-endpoint',
  sourceId: 1,
  createdAt: '2026-01-15T10:05:00.000Z',
  tokenName: 'alertmanager',
  payload: examplePayload,
};

const Timestamp = Type.String({ format: 'date-time' });

export const SignalEndpointBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 100,
      pattern: ENDPOINT_NAME_PATTERN,
      description: 'Part of the URL: `POST /api/signal-endpoint/{name}`. Letters, digits, `.`, `_` and `-`.',
    }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    enabled: Type.Optional(Type.Boolean({ description: 'A disabled endpoint answers 404. Default true.' })),
  },
  { examples: [{ name: 'checkout-alerts', description: 'Alerts of the checkout service', enabled: true }] },
);

export const TokenBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100, description: 'Who uses the token.' }) },
  { examples: [{ name: 'alertmanager' }] },
);

const TokenFields = {
  id: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  signalEndpointId: Type.Integer(),
  createdAt: Timestamp,
  createdByUserId: Type.Union([Type.Integer(), Type.Null()]),
};

export const SignalEndpointTokenResponse = Type.Object(TokenFields, { examples: [exampleToken] });

export const CreatedTokenResponse = Type.Object(
  {
    ...TokenFields,
    token: Type.String({ description: 'The secret: shown this once, only its hash is stored.' }),
  },
  { examples: [{ ...exampleToken, token: 'signal:3f1c…' }] },
);

export const SignalEndpointResponse = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    enabled: Type.Boolean(),
    createdAt: Timestamp,
    createdByUserId: Type.Union([Type.Integer(), Type.Null()]),
    tokens: Type.Array(SignalEndpointTokenResponse),
    url: Type.Optional(Type.String({ description: 'Where to send signals; given on creation.' })),
  },
  { examples: [exampleEndpoint] },
);

export const SignalEndpointListResponse = Type.Object(
  { signalEndpoints: Type.Array(SignalEndpointResponse) },
  { examples: [{ signalEndpoints: [exampleEndpoint] }] },
);

export const TokenListResponse = Type.Object(
  { signalEndpointTokens: Type.Array(SignalEndpointTokenResponse) },
  { examples: [{ signalEndpointTokens: [exampleToken] }] },
);

export const EndpointIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, description: "The signal endpoint's id." }),
});
export const TokenParams = Type.Object({
  id: Type.Integer({ minimum: 1, description: "The signal endpoint's id." }),
  tokenId: Type.Integer({ minimum: 1, description: "The token's id." }),
});
export const EndpointNameParams = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, description: "The signal endpoint's name." }),
});

const page = {
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'At most this many.' }),
  ),
  offset: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'Skip this many.' }),
  ),
};
export const PageQuery = Type.Object(page);
export const SignalQuery = Type.Object({
  ...page,
  from: Type.Optional(
    Type.String({
      description: 'Only signals from this date or time on: `2026-01-31`, `IS:2026-01-31` or an ISO time.',
    }),
  ),
  to: Type.Optional(
    Type.String({
      description: 'Only signals up to this date or time; a date alone includes that whole day.',
    }),
  ),
});

const SignalFields = {
  id: Type.Integer(),
  source: Type.Literal('signal-endpoint'),
  sourceId: Type.Integer({ description: 'The signal endpoint it was sent to.' }),
  createdAt: Timestamp,
  payload: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  tokenName: Type.Union([Type.String(), Type.Null()]),
};

export const EndpointSignalsResponse = Type.Object(
  { signalEndpointSignals: Type.Array(Type.Object(SignalFields)) },
  { examples: [{ signalEndpointSignals: [exampleSignal] }] },
);

export const SignalListResponse = Type.Object(
  {
    signals: Type.Array(
      Type.Object({
        ...SignalFields,
        sourceName: Type.Union([Type.String(), Type.Null()]),
        sourceDescription: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
    total: Type.Integer({ minimum: 0 }),
  },
  {
    examples: [
      {
        signals: [{ ...exampleSignal, sourceName: 'checkout-alerts', sourceDescription: null }],
        total: 1,
      },
    ],
  },
);

/** Null stands for no body at all: Fastify validates a missing body as null. */
export const SignalBody = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
  description: 'Any JSON object, up to 100 kB, or no body; action sets filter on its fields.',
  examples: [examplePayload],
});

export const SignalAcceptedResponse = Type.Object(
  { id: Type.Integer({ description: "The signal's id in the signal log." }) },
  { examples: [{ id: 7 }] },
);
