import { Type } from 'typebox';
import {
  FeatureNaming,
  LinkTemplates,
  ProjectEnvironmentLinkSchema,
  ProjectFlagSummary,
} from './project-schemas.ts';

const NullableDate = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
const Mode = Type.String({ description: 'open, protected or private (stored for compatibility).' });

const exampleStats = {
  avgTimeToProdCurrentWindow: 2.5,
  avgTimeToProdPastWindow: 4,
  createdCurrentWindow: 3,
  createdPastWindow: 5,
  archivedCurrentWindow: 1,
  archivedPastWindow: 2,
  projectActivityCurrentWindow: 40,
  projectActivityPastWindow: 35,
  projectMembersAddedCurrentWindow: 0,
};

const ProjectStats = Type.Object(
  {
    avgTimeToProdCurrentWindow: Type.Number({
      description:
        'Average days from creation to first enabling in a production environment, for flags that got there in the last 30 days.',
    }),
    avgTimeToProdPastWindow: Type.Number({ description: 'The same for the 30 days before.' }),
    createdCurrentWindow: Type.Integer({ description: 'Flags created in the last 30 days.' }),
    createdPastWindow: Type.Integer(),
    archivedCurrentWindow: Type.Integer({ description: 'Flags archived in the last 30 days.' }),
    archivedPastWindow: Type.Integer(),
    projectActivityCurrentWindow: Type.Integer({ description: 'Events recorded in the last 30 days.' }),
    projectActivityPastWindow: Type.Integer(),
    projectMembersAddedCurrentWindow: Type.Integer({
      description: 'Users and groups given a role in the project in the last 30 days (and still holding it).',
    }),
  },
  { description: 'The last 30 days (current window) against the 30 days before (past window).' },
);

const FlagTypeCounts = Type.Array(Type.Object({ type: Type.String(), count: Type.Integer() }));

export const OnboardingStatus = Type.Union(
  [
    Type.Object({ status: Type.Union([Type.Literal('onboarding-started'), Type.Literal('onboarded')]) }),
    Type.Object({ status: Type.Literal('first-flag-created'), feature: Type.String() }),
  ],
  {
    description:
      '`onboarding-started` before the first flag, `first-flag-created` until an SDK reports using a flag, then `onboarded`.',
  },
);

export const ProjectOverviewResponse = Type.Object(
  {
    version: Type.Integer(),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    defaultStickiness: Type.String(),
    mode: Mode,
    featureLimit: Type.Union([Type.Integer(), Type.Null()]),
    members: Type.Integer({
      description: 'The users holding any role in the project, directly or through a group.',
    }),
    health: Type.Integer(),
    technicalDebt: Type.Integer(),
    environments: Type.Array(ProjectEnvironmentLinkSchema),
    featureTypeCounts: FlagTypeCounts,
    updatedAt: NullableDate,
    archivedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    featureNaming: Type.Optional(FeatureNaming),
    linkTemplates: LinkTemplates,
    createdAt: NullableDate,
    favorite: Type.Boolean(),
    stats: ProjectStats,
    onboardingStatus: OnboardingStatus,
  },
  {
    examples: [
      {
        version: 1,
        name: 'Checkout',
        description: null,
        defaultStickiness: 'default',
        mode: 'open',
        featureLimit: null,
        members: 4,
        health: 90,
        technicalDebt: 10,
        environments: [{ environment: 'development' }, { environment: 'production' }],
        featureTypeCounts: [{ type: 'release', count: 9 }],
        updatedAt: '2026-01-15T10:00:00.000Z',
        archivedAt: null,
        createdAt: '2026-01-15T10:00:00.000Z',
        favorite: false,
        stats: exampleStats,
        onboardingStatus: { status: 'onboarded' },
      },
    ],
  },
);

const Stage = Type.Object({
  averageDays: Type.Union([Type.Number(), Type.Null()], {
    description:
      "Whole days the project's flags stayed in this stage before reaching the next one (from the recorded times they entered each stage); null while no flag has left it.",
  }),
  currentFlags: Type.Integer(),
});

export const ProjectStatusResponse = Type.Object(
  {
    activityCountByDate: Type.Array(Type.Object({ date: Type.String(), count: Type.Integer() }), {
      description: 'Events per UTC day over the last year, days without events left out.',
    }),
    resources: Type.Object({
      members: Type.Integer(),
      apiTokens: Type.Integer({ description: 'API tokens that name this project.' }),
      segments: Type.Integer({ description: 'Segments that belong to this project.' }),
    }),
    health: Type.Object({ current: Type.Integer() }),
    technicalDebt: Type.Object({ current: Type.Integer() }),
    lifecycleSummary: Type.Object({
      initial: Stage,
      preLive: Stage,
      live: Stage,
      completed: Stage,
      archived: Type.Object({ currentFlags: Type.Integer(), last30Days: Type.Integer() }),
    }),
    staleFlags: Type.Object({ total: Type.Integer({ description: 'Stale and potentially stale flags.' }) }),
  },
  {
    examples: [
      {
        activityCountByDate: [{ date: '2026-01-15', count: 3 }],
        resources: { members: 4, apiTokens: 2, segments: 1 },
        health: { current: 90 },
        technicalDebt: { current: 10 },
        lifecycleSummary: {
          initial: { averageDays: null, currentFlags: 2 },
          preLive: { averageDays: null, currentFlags: 3 },
          live: { averageDays: null, currentFlags: 4 },
          completed: { averageDays: null, currentFlags: 1 },
          archived: { currentFlags: 6, last30Days: 1 },
        },
        staleFlags: { total: 1 },
      },
    ],
  },
);

export const HealthReportResponse = Type.Object(
  {
    version: Type.Integer(),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    defaultStickiness: Type.String(),
    mode: Mode,
    members: Type.Integer(),
    health: Type.Integer(),
    technicalDebt: Type.Integer({
      description: 'The share of flags that are not healthy: 100 minus health.',
    }),
    environments: Type.Array(Type.String()),
    features: Type.Array(ProjectFlagSummary),
    updatedAt: NullableDate,
    favorite: Type.Boolean(),
    potentiallyStaleCount: Type.Integer(),
    activeCount: Type.Integer(),
    staleCount: Type.Integer(),
  },
  {
    examples: [
      {
        version: 1,
        name: 'Checkout',
        description: null,
        defaultStickiness: 'default',
        mode: 'open',
        members: 4,
        health: 50,
        technicalDebt: 50,
        environments: ['development', 'production'],
        features: [],
        updatedAt: '2026-01-15T10:00:00.000Z',
        favorite: false,
        potentiallyStaleCount: 1,
        activeCount: 2,
        staleCount: 1,
      },
    ],
  },
);

const exampleLeadTime = { projectAverage: 3.5, features: [{ name: 'new-checkout', timeToProduction: 3.5 }] };

export const DoraResponse = Type.Object(
  {
    projectAverage: Type.Number({
      description: 'Average days to production over the flags that got there (0 if none).',
    }),
    features: Type.Array(
      Type.Object({
        name: Type.String(),
        timeToProduction: Type.Number({
          description: 'Days from creation to the first enabling in a production-type environment.',
        }),
      }),
    ),
  },
  { examples: [exampleLeadTime] },
);

export const InsightsResponse = Type.Object(
  {
    stats: ProjectStats,
    health: Type.Object({
      rating: Type.Integer(),
      activeCount: Type.Integer(),
      potentiallyStaleCount: Type.Integer(),
      staleCount: Type.Integer(),
    }),
    technicalDebt: Type.Integer(),
    leadTime: DoraResponse,
    featureTypeCounts: FlagTypeCounts,
    members: Type.Object({ currentMembers: Type.Integer(), change: Type.Integer() }),
  },
  {
    examples: [
      {
        stats: exampleStats,
        health: { rating: 90, activeCount: 9, potentiallyStaleCount: 0, staleCount: 1 },
        technicalDebt: 10,
        leadTime: exampleLeadTime,
        featureTypeCounts: [{ type: 'release', count: 10 }],
        members: { currentMembers: 4, change: 0 },
      },
    ],
  },
);

export const FlagCreatorsResponse = Type.Array(
  Type.Object({ id: Type.Integer({ description: 'The user id.' }), name: Type.String() }),
  { examples: [[{ id: 1, name: 'Admin' }]] },
);

export const ApplicationsResponse = Type.Object(
  {
    applications: Type.Array(
      Type.Object({
        name: Type.String(),
        environments: Type.Array(Type.String()),
        instances: Type.Array(Type.String()),
        sdks: Type.Array(Type.Object({ name: Type.String(), versions: Type.Array(Type.String()) })),
      }),
    ),
    total: Type.Integer(),
  },
  { examples: [{ applications: [], total: 0 }] },
);

export const ApplicationsQuery = Type.Object({
  query: Type.Optional(Type.String()),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  sortBy: Type.Optional(Type.String()),
  sortOrder: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});

export const OutdatedSdksResponse = Type.Object(
  {
    sdks: Type.Array(Type.Object({ sdkVersion: Type.String(), applications: Type.Array(Type.String()) })),
  },
  { examples: [{ sdks: [] }] },
);
