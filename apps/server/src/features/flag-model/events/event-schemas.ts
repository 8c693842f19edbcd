import { Type } from 'typebox';

const exampleEvent = {
  id: 42,
  type: 'feature-environment-enabled',
  createdAt: '2026-01-15T10:00:00.000Z',
  createdBy: 'admin',
  createdByUserId: 1,
  environment: 'production',
  project: 'default',
  featureName: 'new-checkout',
  data: { name: 'new-checkout', enabled: true },
  preData: null,
  tags: [],
  ip: '192.0.2.10',
};

export const EventResponse = Type.Object(
  {
    id: Type.Integer({ description: 'Increases with every change; the newest event has the largest id.' }),
    type: Type.String({ description: 'What happened, e.g. `feature-created` or `project-updated`.' }),
    createdAt: Type.String({ format: 'date-time' }),
    createdBy: Type.String({ description: 'The user name or token name that made the change.' }),
    createdByUserId: Type.Union([Type.Integer(), Type.Null()]),
    environment: Type.Union([Type.String(), Type.Null()]),
    project: Type.Union([Type.String(), Type.Null()]),
    featureName: Type.Union([Type.String(), Type.Null()], { description: 'The flag the event is about.' }),
    data: Type.Unknown({ description: 'The state after the change, when there is one.' }),
    preData: Type.Unknown({ description: 'The state before the change, when there was one.' }),
    tags: Type.Array(Type.Object({ type: Type.String(), value: Type.String() })),
    ip: Type.Union([Type.String(), Type.Null()], {
      description:
        'The address of the caller whose request made the change; null for changes made outside a request.',
    }),
  },
  { $id: 'eventSchema', examples: [exampleEvent] },
);

export const EventListResponse = Type.Object(
  {
    version: Type.Integer({ examples: [1] }),
    events: Type.Array(Type.Ref('eventSchema')),
    totalEvents: Type.Integer({ description: 'How many events match, beyond this page too.' }),
  },
  { examples: [{ version: 1, events: [exampleEvent], totalEvents: 1 }] },
);

export const FlagEventListResponse = Type.Object(
  {
    version: Type.Integer(),
    toggleName: Type.String({ description: 'The flag the events are about.' }),
    events: Type.Array(Type.Ref('eventSchema')),
    totalEvents: Type.Integer(),
  },
  { examples: [{ version: 1, toggleName: 'new-checkout', events: [exampleEvent], totalEvents: 1 }] },
);

export const EventSearchResponse = Type.Object(
  {
    events: Type.Array(Type.Ref('eventSchema')),
    total: Type.Integer({ description: 'How many events match the filters, beyond this page too.' }),
  },
  { examples: [{ events: [exampleEvent], total: 1 }] },
);

export const EventCreatorsResponse = Type.Array(
  Type.Object({
    id: Type.Integer({ description: 'The user id.' }),
    name: Type.String({ description: 'The name, user name or email of the user.' }),
  }),
  { examples: [[{ id: 1, name: 'Admin' }]] },
);

export const EventsQuery = Type.Object({
  project: Type.Optional(Type.String({ description: 'Only events of this project.' })),
});

export const FlagNameParams = Type.Object({
  featureName: Type.String({ description: 'The flag name.' }),
});

const FILTER = 'A value, `IS:value`, or `IS_ANY_OF:a,b` (the operator syntax of the Unleash admin UI).';

export const EventSearchQuery = Type.Object({
  query: Type.Optional(
    Type.String({ description: 'Free text matched against type, flag, creator and data.' }),
  ),
  type: Type.Optional(Type.String({ description: `Event types. ${FILTER}` })),
  project: Type.Optional(Type.String({ description: `Projects. ${FILTER}` })),
  feature: Type.Optional(Type.String({ description: `Flag names. ${FILTER}` })),
  environment: Type.Optional(Type.String({ description: `Environments. ${FILTER}` })),
  createdBy: Type.Optional(Type.String({ description: `User ids (or recorded creator names). ${FILTER}` })),
  from: Type.Optional(
    Type.String({ description: 'Events at or after this date or time, e.g. `IS:2026-01-01`.' }),
  ),
  to: Type.Optional(
    Type.String({ description: 'Events up to this time; a date alone includes that whole day.' }),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
});
