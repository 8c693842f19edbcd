import { Type } from 'typebox';

/** One first exposure an edge saw while answering the Frontend API or OFREP from memory. */
const EdgeExposure = Type.Object(
  {
    flagName: Type.String({ minLength: 1, maxLength: 255 }),
    variant: Type.String({ minLength: 1, maxLength: 255 }),
    userId: Type.String({
      minLength: 1,
      maxLength: 255,
      description: "The context's userId, else its sessionId.",
    }),
    exposedAt: Type.String({ format: 'date-time', description: 'When the edge evaluated the flag.' }),
  },
  { additionalProperties: false },
);

export const EdgeExposuresBody = Type.Object(
  {
    exposures: Type.Array(EdgeExposure, {
      maxItems: 5000,
      description: 'May be empty: the answer then only says which experiments run.',
    }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        exposures: [
          {
            flagName: 'checkout-button',
            variant: 'green',
            userId: 'user-42',
            exposedAt: '2026-12-02T10:00:00.000Z',
          },
        ],
      },
    ],
  },
);

export const EdgeExposuresResponse = Type.Object(
  {
    recorded: Type.Integer({ description: 'How many exposures named a flag with a running experiment.' }),
    experiments: Type.Array(
      Type.Object({
        id: Type.Integer(),
        flagName: Type.String(),
      }),
      { description: "The experiments running in the token's environment on flags of its projects." },
    ),
  },
  { examples: [{ recorded: 1, experiments: [{ id: 7, flagName: 'checkout-button' }] }] },
);
