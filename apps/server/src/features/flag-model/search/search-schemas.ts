import { Type } from 'typebox';

const valueFilter = (description: string, example: string) =>
  Type.Optional(
    Type.String({
      pattern: '^(IS|IS_NOT|IS_ANY_OF|IS_NONE_OF):.+$',
      description: `${description} Operators: IS, IS_NOT, IS_ANY_OF, IS_NONE_OF; several values are comma-separated.`,
      examples: [example],
    }),
  );
const setFilter = (description: string, example: string, value: string) =>
  Type.Optional(
    Type.String({
      pattern: `^(INCLUDE|DO_NOT_INCLUDE|INCLUDE_ALL_OF|INCLUDE_ANY_OF|EXCLUDE_IF_ANY_OF|EXCLUDE_ALL):${value}$`,
      description: `${description} Operators: INCLUDE, DO_NOT_INCLUDE, INCLUDE_ALL_OF, INCLUDE_ANY_OF, EXCLUDE_IF_ANY_OF, EXCLUDE_ALL.`,
      examples: [example],
    }),
  );
const dateFilter = (description: string) =>
  Type.Optional(
    Type.String({
      pattern: '^(IS_BEFORE|IS_ON_OR_AFTER):\\d{4}-\\d{2}-\\d{2}$',
      description: `${description} Operators: IS_BEFORE, IS_ON_OR_AFTER.`,
      examples: ['IS_ON_OR_AFTER:2026-01-28'],
    }),
  );

/** Unleash's feature search query parameters (8.2). */
export const SearchQueryString = Type.Object({
  query: Type.Optional(
    Type.String({
      description:
        'Text to find in flag names, descriptions and tags (`type:value`), case-insensitive; comma-separated fragments match any.',
      examples: ['checkout'],
    }),
  ),
  project: valueFilter('The projects to search in.', 'IS:default'),
  type: valueFilter('The flag types.', 'IS_ANY_OF:release,experiment'),
  state: valueFilter('The staleness state: `active`, `stale` or `potentially-stale`.', 'IS:stale'),
  createdBy: valueFilter('The ids of the users who created the flags.', 'IS:1'),
  tag: setFilter('Tags as `type:value`.', 'INCLUDE:simple:beta', '[^:,]+:.+'),
  segment: setFilter('Segment names used by the flag strategies.', 'INCLUDE:beta-users', '.+'),
  createdAt: dateFilter('When the flag was created.'),
  lastSeenAt: dateFilter('When SDKs last reported the flag.'),
  status: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'Environment states as `environment:enabled` or `environment:disabled`; a flag matches any.',
      examples: [['production:enabled']],
    }),
  ),
  archived: Type.Optional(
    Type.String({
      pattern: '^IS:(true|false)$',
      description: '`IS:true` for archived flags only; active flags otherwise.',
      examples: ['IS:true'],
    }),
  ),
  favoritesFirst: Type.Optional(
    Type.String({
      description: '`true` to list the signed-in user’s favorite flags first.',
      examples: ['true'],
    }),
  ),
  sortBy: Type.Optional(
    Type.String({
      description:
        'One of name, type, stale, project, createdAt (the default), lastSeenAt, or `environment:<name>` to sort by whether the flag is enabled there.',
      examples: ['name'],
    }),
  ),
  sortOrder: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], { description: 'Defaults to `asc`.' }),
  ),
  offset: Type.Optional(Type.String({ description: 'Flags to skip; defaults to 0.', examples: ['50'] })),
  limit: Type.Optional(
    Type.String({
      description: 'Flags per page, 1 to 100; anything else gives 50, as in Unleash.',
      examples: ['50'],
    }),
  ),
});

const dateTime = Type.String({ format: 'date-time' });
const nullableDateTime = Type.Union([dateTime, Type.Null()]);

const SearchEnvironmentResponse = Type.Object({
  name: Type.String(),
  enabled: Type.Boolean(),
  type: Type.String(),
  sortOrder: Type.Integer(),
  variantCount: Type.Integer(),
  lastSeenAt: nullableDateTime,
  hasStrategies: Type.Boolean(),
  hasEnabledStrategies: Type.Boolean(),
  yes: Type.Integer({ description: 'Evaluations to true reported in the last hour.' }),
  no: Type.Integer({ description: 'Evaluations to false reported in the last hour.' }),
  changeRequestIds: Type.Array(Type.Integer(), {
    description:
      'Open change requests (in review, approved or scheduled) that change the flag in this environment. Drafts are private to their author and not listed.',
  }),
});

const exampleFlag = {
  name: 'new-checkout',
  description: 'The one-page checkout',
  dependencyType: null,
  type: 'release',
  project: 'default',
  stale: false,
  favorite: true,
  impressionData: false,
  createdAt: '2026-01-15T10:00:00.000Z',
  archivedAt: null,
  lastSeenAt: '2026-02-01T08:30:00.000Z',
  environments: [
    {
      name: 'development',
      enabled: true,
      type: 'development',
      sortOrder: 100,
      variantCount: 0,
      lastSeenAt: '2026-02-01T08:30:00.000Z',
      hasStrategies: true,
      hasEnabledStrategies: true,
      yes: 120,
      no: 4,
      changeRequestIds: [],
    },
  ],
  segments: [],
  tags: [{ type: 'simple', value: 'team-checkout', color: null }],
  createdBy: { id: 1, name: 'admin', imageUrl: '' },
  lifecycle: { stage: 'live', enteredStageAt: '2026-01-15T10:00:00.000Z' },
};

/** Unleash's searchFeaturesSchema. */
export const SearchResponse = Type.Object(
  {
    features: Type.Array(
      Type.Object({
        name: Type.String(),
        description: Type.Union([Type.String(), Type.Null()]),
        dependencyType: Type.Union([Type.Literal('parent'), Type.Literal('child'), Type.Null()]),
        type: Type.String(),
        project: Type.String(),
        stale: Type.Boolean(),
        favorite: Type.Boolean(),
        impressionData: Type.Boolean(),
        createdAt: dateTime,
        archivedAt: nullableDateTime,
        lastSeenAt: nullableDateTime,
        environments: Type.Array(SearchEnvironmentResponse),
        segments: Type.Array(Type.String()),
        tags: Type.Array(
          Type.Object({
            type: Type.String(),
            value: Type.String(),
            color: Type.Union([Type.String(), Type.Null()]),
          }),
        ),
        createdBy: Type.Object({ id: Type.Integer(), name: Type.String(), imageUrl: Type.String() }),
        lifecycle: Type.Object(
          {
            stage: Type.Union([
              Type.Literal('initial'),
              Type.Literal('pre-live'),
              Type.Literal('live'),
              Type.Literal('completed'),
              Type.Literal('archived'),
            ]),
            enteredStageAt: Type.String({ format: 'date-time', description: 'When it entered that stage.' }),
          },
          {
            description:
              'The stage the flag is in now and since when; the flag page lists when it entered each.',
          },
        ),
      }),
    ),
    total: Type.Integer({ description: 'How many flags match the filters, over all pages.' }),
  },
  { examples: [{ features: [exampleFlag], total: 1 }] },
);

export const FlagCreatorsQueryString = Type.Object({
  q: Type.Optional(
    Type.String({ maxLength: 200, description: 'Only creators whose name contains this, in any case.' }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 10_000, default: 500, description: 'At most this many creators.' }),
  ),
});

export const FlagCreatorsListResponse = Type.Object(
  {
    total: Type.Integer({ description: 'How many creators match `q`, over the limit too.' }),
    flagCreators: Type.Array(
      Type.Object({ id: Type.Integer({ description: 'The user id.' }), name: Type.String() }),
    ),
  },
  { examples: [{ total: 1, flagCreators: [{ id: 1, name: 'Alice Archer' }] }] },
);
