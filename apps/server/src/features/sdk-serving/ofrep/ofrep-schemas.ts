import { Type } from 'typebox';

const exampleContext = { targetingKey: 'user-42', plan: 'pro', sessionId: 'a1b2' };

export const OfrepBody = Type.Object(
  {
    context: Type.Optional(
      Type.Object(
        { targetingKey: Type.Optional(Type.String({ maxLength: 1000 })) },
        {
          additionalProperties: true,
          description:
            '`targetingKey` is the userId; `sessionId`, `remoteAddress`, `appName`, `environment` and `currentTime` are the Unleash fields of the same name, every other attribute is a custom context field (a property).',
        },
      ),
    ),
  },
  { examples: [{ context: exampleContext }] },
);

export const OfrepKeyParams = Type.Object({ key: Type.String({ maxLength: 1000 }) });

const Metadata = Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()]), {
  description: "The flag's `project` and whether it is `enabled` for the context (Unleash's own answer).",
});
const Success = Type.Object({
  key: Type.String(),
  value: Type.Unknown({
    description:
      "The flag's enabled state, or the chosen variant's payload: a string, a number or a JSON value (its name when it has no payload).",
  }),
  reason: Type.String({ description: 'TARGETING_MATCH, SPLIT (a variant was chosen) or DISABLED.' }),
  variant: Type.String(),
  metadata: Metadata,
});
const Failure = Type.Object({
  key: Type.String(),
  errorCode: Type.String({
    description: 'FLAG_NOT_FOUND, TARGETING_KEY_MISSING, PARSE_ERROR, INVALID_CONTEXT or GENERAL.',
  }),
  errorDetails: Type.String(),
});

const exampleSuccess = {
  key: 'checkout-colour',
  value: 'blue',
  reason: 'SPLIT',
  variant: 'blue',
  metadata: { project: 'default', enabled: true },
};
const exampleFailure = {
  key: 'unknown-flag',
  errorCode: 'FLAG_NOT_FOUND',
  errorDetails: 'flag unknown-flag was not found',
};

export const OfrepSuccessResponse = Type.Object(Success.properties, { examples: [exampleSuccess] });
export const OfrepBulkResponse = Type.Object(
  { flags: Type.Array(Type.Union([Success, Failure])) },
  {
    examples: [
      {
        flags: [
          exampleSuccess,
          {
            key: 'new-checkout',
            value: false,
            reason: 'DISABLED',
            variant: 'disabled',
            metadata: { project: 'default', enabled: false },
          },
        ],
      },
    ],
  },
);
/** OFREP's failure shape, used for 400 and 404 instead of the one error format: providers read errorCode. */
export const OfrepFailureResponse = (description: string) =>
  Type.Object(
    {
      key: Type.Optional(Type.String()),
      errorCode: Failure.properties.errorCode,
      errorDetails: Type.String(),
    },
    { description, examples: [exampleFailure] },
  );
