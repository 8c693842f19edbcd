import { Type, type Static } from '@sinclair/typebox';

const day = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, examples: ['2026-11-02'] });
const week = Type.String({
  description: 'The ISO year and week, as Unleash labels it.',
  examples: ['2026-48'],
});
const weekEnd = Type.String({ format: 'date-time', description: "The end of the week's Sunday (UTC)." });
const count = (description: string) => Type.Integer({ minimum: 0, description, examples: [3] });

export const InsightsQuery = Type.Object({
  from: Type.Optional(day('The first day of the period (UTC); default four weeks before `to`.')),
  to: Type.Optional(day('The last day of the period (UTC); default today.')),
});
export type InsightsQuery = Static<typeof InsightsQuery>;

export const LifecycleTrendsQuery = Type.Object({
  projects: Type.Optional(
    Type.String({
      description: 'Comma-separated project ids; absent, empty or `*` for all.',
      examples: ['default,web'],
    }),
  ),
});

export const InsightsResponse = Type.Object(
  {
    users: Type.Object({
      total: count('Users that are not deleted.'),
      active: count('Of them, those signed in within the last 60 days.'),
      inactive: count('Of them, those not signed in within the last 60 days.'),
    }),
    flags: Type.Object({ total: count('Flags not archived, in the projects the caller may see.') }),
    userTrends: Type.Array(
      Type.Object({
        week,
        date: weekEnd,
        total: count('Users that existed at the end of the week.'),
        active: count('Of them, those signed in within the 60 days before its end.'),
        inactive: count('The others.'),
      }),
    ),
    flagTrends: Type.Array(
      Type.Object({
        week,
        date: weekEnd,
        total: count('Flags created before the week ended and not archived before it began.'),
        active: count('Of them, neither stale nor potentially stale.'),
        stale: count('Of them, stale at the end of the week.'),
        potentiallyStale: count("Of them, past their type's expected lifetime at the end of the week."),
      }),
    ),
    projectFlagTrends: Type.Array(
      Type.Object({
        week,
        date: weekEnd,
        project: Type.String(),
        total: count('As in flagTrends, for the project.'),
        active: count('As in flagTrends, for the project.'),
        stale: count('As in flagTrends, for the project.'),
        potentiallyStale: count('As in flagTrends, for the project.'),
        health: Type.Integer({
          description: "The project's last recorded daily health in the week, else computed.",
        }),
        technicalDebt: Type.Integer({ description: '100 minus health.' }),
        users: count('Members of the project at the end of the week.'),
        timeToProduction: Type.Optional(
          Type.Number({
            minimum: 0,
            description:
              "Mean days from creation to the first enabling in a production-type environment, over the project's flags first enabled there in the 30 days before the week's end; absent where there were none.",
            examples: [4.5],
          }),
        ),
      }),
    ),
    metricsSummaryTrends: Type.Array(
      Type.Object({
        week,
        date: weekEnd,
        project: Type.String(),
        totalFlags: count("The project's flags that SDKs reported usage of in the week."),
        totalYes: Type.Number({ description: 'Evaluations that returned true.' }),
        totalNo: Type.Number({ description: 'Evaluations that returned false.' }),
        totalRequests: Type.Number({ description: 'All evaluations.' }),
        totalApps: count('Applications that reported.'),
        totalEnvironments: count('Environments reported in.'),
      }),
    ),
    environmentTypeTrends: Type.Array(
      Type.Object({
        week,
        date: weekEnd,
        environmentType: Type.String(),
        totalUpdates: count('Recorded changes in environments of the type during the week.'),
      }),
    ),
    lifecycleTrends: Type.Array(
      Type.Object({
        week,
        date: weekEnd,
        project: Type.String(),
        newProductionFlags: count(
          "The project's flags first enabled in a production-type environment during the week.",
        ),
      }),
      {
        description: 'Per project and week, as projectFlagTrends lists them: flags that reached production.',
      },
    ),
    creationArchiveTrends: Type.Array(
      Type.Object({
        week,
        date: weekEnd,
        project: Type.String(),
        createdFlags: Type.Record(Type.String(), Type.Integer(), {
          description: 'Flags created, by flag type.',
        }),
        archivedFlags: count('Flags archived in the week.'),
      }),
    ),
  },
  { description: 'What the analytics screen charts: weekly figures from `from` to `to`.' },
);

const category = Type.Object({
  flagsOlderThanWeek: count('Flags that entered the stage more than a week ago.'),
  newFlagsThisWeek: count('Flags that entered the stage within the last week.'),
});
const stage = Type.Object({
  categories: Type.Object({ experimental: category, permanent: category, release: category }),
  medianDaysHistorically: Type.Number({
    description:
      'Median days flags, archived ones too, stayed in the stage group before they entered a later one (0 when none has left it).',
    examples: [12.5],
  }),
  medianDaysInCurrentStage: Type.Number({
    description: 'Median days the flags now in the stage have been in it.',
  }),
  totalFlags: count('Flags now in the stage.'),
});
export const LifecycleTrendsResponse = Type.Object(
  { lifecycleTrends: Type.Object({ develop: stage, production: stage, cleanup: stage }) },
  { description: 'Flags now in each lifecycle stage group, by type.' },
);
export type LifecycleStageTrend = Static<typeof stage>;
