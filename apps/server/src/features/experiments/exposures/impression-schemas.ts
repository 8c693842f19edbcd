import { Type } from 'typebox';

/** The impression event the official server SDKs emit (`unleash.on('impression', …)`), forwarded as it is. */
export const ImpressionEvent = Type.Object(
  {
    featureName: Type.String({ minLength: 1, maxLength: 255 }),
    eventType: Type.String({
      maxLength: 50,
      description: '`getVariant` events carry the variant; others are ignored.',
    }),
    enabled: Type.Boolean(),
    variant: Type.Optional(Type.String({ maxLength: 255 })),
    eventId: Type.Optional(Type.String({ maxLength: 255 })),
    context: Type.Object(
      {
        userId: Type.Optional(Type.String({ maxLength: 255 })),
        sessionId: Type.Optional(Type.String({ maxLength: 255 })),
      },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: true },
);

export const ImpressionBody = Type.Union(
  [ImpressionEvent, Type.Array(ImpressionEvent, { minItems: 1, maxItems: 1000 })],
  {
    examples: [
      {
        eventType: 'getVariant',
        eventId: '6b1a5c3e-1f1d-4a40-9f5c-3c1ad0b3c5a1',
        featureName: 'checkout-button',
        enabled: true,
        variant: 'green',
        context: { userId: 'user-42' },
      },
    ],
  },
);

export const ImpressionResponse = Type.Object(
  {
    recorded: Type.Integer({ description: 'How many events named a variant a running experiment watches.' }),
  },
  { examples: [{ recorded: 1 }] },
);
