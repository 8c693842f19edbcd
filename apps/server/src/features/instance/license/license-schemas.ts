import { Type } from 'typebox';

export const LicenseCheckResponse = Type.Object(
  {
    isValid: Type.Boolean({
      description: 'Always true: Switchyard needs no licence, so nothing it serves is unlicensed.',
    }),
    message: Type.Optional(Type.String()),
    messageType: Type.Optional(
      Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')]),
    ),
  },
  {
    description:
      "Unleash's licence check, which its admin UI asks on every screen to warn of an expiring licence. Switchyard has nothing to warn of, so the answer has no message.",
    examples: [{ isValid: true }],
  },
);

export const LicenseResponse = Type.Object(
  {
    isValid: Type.Boolean({ description: 'Always true: nothing needs a licence.' }),
    resources: Type.Object(
      {},
      { description: 'What a licence would limit: nothing, so no resource is named.' },
    ),
  },
  {
    description:
      'The installed licence as Unleash reports it. Switchyard is Apache-2.0 and has none: there is no `token`, customer, plan, seat count or expiry.',
    examples: [{ isValid: true, resources: {} }],
  },
);

export const LicensedUsersResponse = Type.Object(
  {
    seatCount: Type.Integer({
      description:
        'The seats available: Switchyard sells none and limits none, so this equals the seats in use (`licensedUsers.current`).',
    }),
    licensedUsers: Type.Object({
      current: Type.Integer({
        description:
          'People (not service accounts) who had an account at any time in the last 30 days, including those deleted since.',
      }),
      history: Type.Array(
        Type.Object({
          date: Type.String({ format: 'date' }),
          count: Type.Integer({ description: 'People who had an account in the 30 days up to this day.' }),
        }),
        {
          description:
            'The same count at the end of each of the last twelve months, and today, oldest first.',
        },
      ),
    }),
  },
  {
    examples: [
      {
        seatCount: 12,
        licensedUsers: {
          current: 12,
          history: [
            { date: '2026-10-31', count: 9 },
            { date: '2026-11-30', count: 11 },
            { date: '2026-12-04', count: 12 },
          ],
        },
      },
    ],
  },
);
