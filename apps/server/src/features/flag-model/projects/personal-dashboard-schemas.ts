import { Type } from 'typebox';
import { OnboardingStatus } from './project-insight-schemas.ts';

import { ProjectOwners } from './project-schemas.ts';

export const PersonalDashboardResponse = Type.Object(
  {
    projects: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        health: Type.Integer(),
        technicalDebt: Type.Integer(),
        memberCount: Type.Integer(),
        featureCount: Type.Integer(),
        owners: ProjectOwners,
      }),
      {
        description:
          'Projects the user is a member of (directly or through a group), marked as favorites, created flags in, or changed anything in.',
      },
    ),
    flags: Type.Array(
      Type.Object({
        name: Type.String(),
        project: Type.String(),
        type: Type.String(),
        lastSeenAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      }),
      { description: 'Flags (not archived) the user created or marked as favorites.' },
    ),
    admins: Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.Optional(Type.String()),
        username: Type.Optional(Type.String()),
        email: Type.Optional(Type.String()),
      }),
      { description: 'Users with the Admin root role, who can grant access.' },
    ),
    projectOwners: Type.Array(
      Type.Object({
        ownerType: Type.Literal('user'),
        name: Type.String(),
        email: Type.Optional(Type.String()),
      }),
      { description: 'The owners of the projects listed, each once.' },
    ),
  },
  {
    examples: [
      {
        projects: [
          {
            id: 'default',
            name: 'Default',
            health: 100,
            technicalDebt: 0,
            memberCount: 3,
            featureCount: 4,
            owners: [{ ownerType: 'system' }],
          },
        ],
        flags: [{ name: 'new-checkout', project: 'default', type: 'release', lastSeenAt: null }],
        admins: [{ id: 1, name: 'Admin', username: 'admin' }],
        projectOwners: [],
      },
    ],
  },
);

export const PersonalProjectDetailsResponse = Type.Object(
  {
    insights: Type.Object({
      avgHealthCurrentWindow: Type.Union([Type.Integer(), Type.Null()], {
        description:
          "The project's average daily health over the last 30 days (kept once a day); null before the first day is kept.",
      }),
      avgHealthPastWindow: Type.Union([Type.Integer(), Type.Null()], {
        description: 'The same over the 30 days before; null when no day of them was kept.',
      }),
      totalFlags: Type.Integer({ description: 'Flags that are not archived.' }),
      activeFlags: Type.Integer({ description: 'Flags neither stale nor potentially stale.' }),
      staleFlags: Type.Integer(),
      potentiallyStaleFlags: Type.Integer(),
      health: Type.Integer(),
      technicalDebt: Type.Integer(),
    }),
    onboardingStatus: OnboardingStatus,
    latestEvents: Type.Array(
      Type.Object({
        id: Type.Integer(),
        summary: Type.Union([Type.String(), Type.Null()], { description: 'A one-line Markdown summary.' }),
        createdBy: Type.String(),
        createdByImageUrl: Type.String({ description: 'Always empty: Switchyard stores no avatars.' }),
        createdAt: Type.String({ format: 'date-time' }),
      }),
      { description: 'The 10 newest events of the project.' },
    ),
    owners: ProjectOwners,
    roles: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.String() }), {
      description: 'The roles the signed-in user holds in the project, directly or through groups.',
    }),
  },
  {
    examples: [
      {
        insights: {
          avgHealthCurrentWindow: null,
          avgHealthPastWindow: null,
          totalFlags: 4,
          activeFlags: 3,
          staleFlags: 1,
          potentiallyStaleFlags: 0,
          health: 75,
          technicalDebt: 25,
        },
        onboardingStatus: { status: 'onboarded' },
        latestEvents: [
          {
            id: 42,
            summary: '**admin** feature-created **new-checkout**',
            createdBy: 'admin',
            createdByImageUrl: '',
            createdAt: '2026-01-15T10:00:00.000Z',
          },
        ],
        owners: [{ ownerType: 'system' }],
        roles: [],
      },
    ],
  },
);
