import { Type, type Static } from 'typebox';

const Identity = Type.String({ minLength: 1, maxLength: 255 });

export const TrackEvent = Type.Object(
  {
    event: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'What the user did, as an experiment metric names it: `purchase`, `signup`.',
    }),
    userId: Type.Optional(Identity),
    sessionId: Type.Optional(Identity),
    value: Type.Optional(
      Type.Number({
        description:
          'A value for mean metrics (revenue, items, seconds); 1 when absent. Conversion metrics ignore it.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type TrackEventWire = Static<typeof TrackEvent>;

export const TrackBody = Type.Union([TrackEvent, Type.Array(TrackEvent, { minItems: 1, maxItems: 1000 })], {
  examples: [{ event: 'purchase', userId: 'user-42', value: 39.9 }],
});

export const TrackResponse = Type.Object(
  { accepted: Type.Integer({ description: 'How many events were accepted.' }) },
  { examples: [{ accepted: 1 }] },
);
