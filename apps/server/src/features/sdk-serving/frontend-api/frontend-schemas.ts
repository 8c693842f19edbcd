import { Type } from 'typebox';
import { DateLike, MetricCount } from '../client-api/client-schemas.ts';

const Toggle = Type.Object({
  name: Type.String(),
  enabled: Type.Boolean(),
  variant: Type.Object({
    name: Type.String(),
    enabled: Type.Boolean(),
    payload: Type.Optional(Type.Object({ type: Type.String(), value: Type.String() })),
    feature_enabled: Type.Boolean(),
    featureEnabled: Type.Boolean(),
  }),
  impressionData: Type.Boolean(),
});

const exampleToggle = {
  name: 'new-checkout',
  enabled: true,
  variant: {
    name: 'blue',
    enabled: true,
    payload: { type: 'string', value: 'blue' },
    feature_enabled: true,
    featureEnabled: true,
  },
  impressionData: false,
};

export const FrontendResponse = Type.Object(
  { toggles: Type.Array(Toggle, { description: 'Only the flags that are enabled for this context.' }) },
  { examples: [{ toggles: [exampleToggle] }] },
);
export const FrontendToggleResponse = Type.Object(Toggle.properties, { examples: [exampleToggle] });

export const FrontendQuery = Type.Object(
  {
    userId: Type.Optional(Type.String()),
    sessionId: Type.Optional(Type.String()),
    remoteAddress: Type.Optional(Type.String()),
    appName: Type.Optional(Type.String()),
    environment: Type.Optional(Type.String()),
    currentTime: Type.Optional(Type.String()),
  },
  { additionalProperties: true, description: 'Context fields; custom ones as properties[name]=value.' },
);

export const FrontendBody = Type.Object(
  { context: Type.Optional(Type.Object({}, { additionalProperties: true })) },
  {
    additionalProperties: true,
    examples: [{ context: { userId: 'user-123', appName: 'web', properties: { plan: 'pro' } } }],
  },
);

export const FrontendMetricsBody = Type.Object(
  {
    appName: Type.String({ minLength: 1 }),
    instanceId: Type.Optional(Type.String()),
    bucket: Type.Optional(
      Type.Union([
        Type.Object(
          {
            start: DateLike,
            stop: DateLike,
            toggles: Type.Record(
              Type.String(),
              Type.Object(
                {
                  yes: MetricCount,
                  no: MetricCount,
                  variants: Type.Optional(Type.Record(Type.String(), MetricCount)),
                },
                { additionalProperties: true },
              ),
            ),
          },
          { additionalProperties: true },
        ),
        Type.Null(),
      ]),
    ),
  },
  {
    additionalProperties: true,
    examples: [
      {
        appName: 'web',
        instanceId: 'browser',
        bucket: {
          start: '2026-01-15T10:00:00.000Z',
          stop: '2026-01-15T10:00:30.000Z',
          toggles: { 'new-checkout': { yes: 3, no: 1, variants: {} } },
        },
      },
    ],
  },
);

export const FrontendRegisterBody = Type.Object(
  {
    appName: Type.Optional(Type.String()),
    instanceId: Type.Optional(Type.String()),
    sdkVersion: Type.Optional(Type.String()),
  },
  {
    additionalProperties: true,
    examples: [{ appName: 'web', instanceId: 'browser', sdkVersion: 'unleash-js-sdk:3.8.2' }],
  },
);

export const OkResponse = { description: 'The text OK.', type: 'string', examples: ['OK'] } as const;
