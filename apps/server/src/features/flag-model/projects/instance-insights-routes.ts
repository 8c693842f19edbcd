import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { hiddenProjects } from './hidden-projects.ts';
import {
  createInstanceInsightsReadModel,
  type FlagWeek,
  type StageFlag,
} from './instance-insights-read-model.ts';
import {
  InsightsQuery,
  InsightsResponse,
  type LifecycleStageTrend,
  LifecycleTrendsQuery,
  LifecycleTrendsResponse,
} from './instance-insights-schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest period one request may span. */
const MAX_DAYS = 2 * 366;

/** A calendar day `YYYY-MM-DD` that exists, or a 400 naming the field. */
function parseDay(field: 'from' | 'to', value: string): Date {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw BadDataError.field(`/querystring/${field}`, `${field} must be a calendar day (YYYY-MM-DD)`);
  return date;
}

/** The last instant of the week that ends at `endAt` (exclusive), as Unleash dates a weekly figure. */
const weekDate = (endAt: Date) => new Date(new Date(endAt).getTime() - 1).toISOString();

const sumBy = <T>(rows: T[], key: (row: T) => string, add: (into: T, row: T) => void): T[] => {
  const by = new Map<string, T>();
  for (const row of rows) {
    const found = by.get(key(row));
    if (found) add(found, row);
    else by.set(key(row), { ...row });
  }
  return [...by.values()];
};

const healthOfWeek = (row: FlagWeek) =>
  row.total === 0 ? 100 : Math.round(((row.total - row.stale - row.potentiallyStale) * 100) / row.total);

const CATEGORY: Record<string, 'experimental' | 'permanent' | 'release'> = {
  experiment: 'experimental',
  release: 'release',
  operational: 'permanent',
  'kill-switch': 'permanent',
  permission: 'permanent',
};
const STAGE_GROUP: Record<string, 'develop' | 'production' | 'cleanup'> = {
  initial: 'develop',
  'pre-live': 'develop',
  live: 'production',
  completed: 'cleanup',
};

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 10) / 10;
}

function stageTrend(flags: StageFlag[]): LifecycleStageTrend {
  const category = () => ({ flagsOlderThanWeek: 0, newFlagsThisWeek: 0 });
  const categories = { experimental: category(), permanent: category(), release: category() };
  for (const flag of flags) {
    const into = categories[CATEGORY[flag.type] ?? 'release'];
    if (flag.days <= 7) into.newFlagsThisWeek += 1;
    else into.flagsOlderThanWeek += 1;
  }
  return {
    categories,
    medianDaysHistorically: 0,
    medianDaysInCurrentStage: median(flags.map((flag) => flag.days)),
    totalFlags: flags.length,
  };
}

/** The instance-wide analytics screen: weekly trends of users, flags, usage and changes, and lifecycle stages. */
export function instanceInsightsRoutes(deps: { db: Db }): FastifyPluginAsyncTypebox {
  return async (app) => {
    const model = createInstanceInsightsReadModel(deps.db);

    app.get(
      '/api/admin/insights',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Instance Admin',
            'getInstanceInsights',
            'Get instance insights',
            'Returns, for each ISO week (Monday to Sunday, UTC) touching the days `from` to `to`, the users and the flags that existed and how many were active or stale, per project too; SDK usage per project; changes per environment type; and flags created and archived. Each figure is computed from recorded timestamps (creation, archiving, sign-ins, stale events, hourly usage); projects the caller may not see are left out. At most two years at once.',
          ),
          querystring: InsightsQuery,
          response: { 200: InsightsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const to = request.query.to ?? new Date().toISOString().slice(0, 10);
        const toDay = parseDay('to', to);
        const from = request.query.from ?? new Date(toDay.getTime() - 28 * DAY_MS).toISOString().slice(0, 10);
        const fromDay = parseDay('from', from);
        if (fromDay > toDay) throw BadDataError.field('/querystring/from', 'from must not be after to');
        if (toDay.getTime() - fromDay.getTime() > MAX_DAYS * DAY_MS)
          throw BadDataError.field(
            '/querystring/from',
            `the period must not span more than ${MAX_DAYS} days`,
          );
        const range = { from, to, hidden: await hiddenProjects(deps.db, request.access) };
        const [users, userWeeks, flagWeeks, members, health, metrics, environments, created, current] =
          await Promise.all([
            model.users(),
            model.userWeeks(range),
            model.flagWeeks(range),
            model.memberWeeks(range),
            model.healthWeeks(range),
            model.metricsWeeks(range),
            model.environmentTypeWeeks(range),
            model.creationArchiveWeeks(range),
            model.stages(null, range.hidden),
          ]);
        const usersIn = new Map(members.map((row) => [`${row.week}/${row.project}`, row.users]));
        const healthIn = new Map(health.map((row) => [`${row.week}/${row.project}`, row.health]));
        const flagTotals = sumBy(
          flagWeeks,
          (row) => row.week,
          (into, row) => {
            into.total += row.total;
            into.stale += row.stale;
            into.potentiallyStale += row.potentiallyStale;
          },
        );
        const active = (row: FlagWeek) => row.total - row.stale - row.potentiallyStale;
        return {
          users: { total: users.total, active: users.active, inactive: users.total - users.active },
          flags: { total: current.length },
          userTrends: userWeeks.map((row) => ({
            week: row.week,
            date: weekDate(row.endAt),
            total: row.total,
            active: row.active,
            inactive: row.total - row.active,
          })),
          flagTrends: flagTotals.map((row) => ({
            week: row.week,
            date: weekDate(row.endAt),
            total: row.total,
            active: active(row),
            stale: row.stale,
            potentiallyStale: row.potentiallyStale,
          })),
          projectFlagTrends: flagWeeks.map((row) => {
            const health = healthIn.get(`${row.week}/${row.project}`) ?? healthOfWeek(row);
            return {
              week: row.week,
              date: weekDate(row.endAt),
              project: row.project,
              total: row.total,
              active: active(row),
              stale: row.stale,
              potentiallyStale: row.potentiallyStale,
              health,
              technicalDebt: 100 - health,
              users: usersIn.get(`${row.week}/${row.project}`) ?? 0,
            };
          }),
          metricsSummaryTrends: metrics.map(({ endAt, ...row }) => ({
            ...row,
            date: weekDate(endAt),
            totalRequests: row.totalYes + row.totalNo,
          })),
          environmentTypeTrends: environments.map(({ endAt, ...row }) => ({ ...row, date: weekDate(endAt) })),
          lifecycleTrends: [],
          creationArchiveTrends: sumBy(
            created.map((row) => ({
              week: row.week,
              date: weekDate(row.endAt),
              project: row.project,
              createdFlags: row.created && row.flagType ? { [row.flagType]: row.created } : {},
              archivedFlags: row.archived,
            })),
            (row) => `${row.week}/${row.project}`,
            (into, row) => {
              into.createdFlags = { ...into.createdFlags, ...row.createdFlags };
              into.archivedFlags += row.archivedFlags;
            },
          ),
        };
      },
    );

    app.get(
      '/api/admin/insights/lifecycle',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Instance Admin',
            'getLifecycleTrends',
            'Get lifecycle trends',
            'Returns the flags not archived in each lifecycle stage group (develop: initial and pre-live; production: live; cleanup: completed), by type category (experimental: experiment; permanent: operational, kill-switch, permission; release: the others), split into those that entered the stage within the last seven days and those before, with the median days in the current stage. `projects` limits it to those projects; projects the caller may not see are left out. The historical median is not measured and is 0.',
          ),
          querystring: LifecycleTrendsQuery,
          response: { 200: LifecycleTrendsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const listed = (request.query.projects ?? '')
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id && id !== '*' && id !== 'undefined');
        const flags = await model.stages(
          listed.length ? listed : null,
          await hiddenProjects(deps.db, request.access),
        );
        const inGroup = (group: string) => flags.filter((flag) => STAGE_GROUP[flag.stage] === group);
        return {
          lifecycleTrends: {
            develop: stageTrend(inGroup('develop')),
            production: stageTrend(inGroup('production')),
            cleanup: stageTrend(inGroup('cleanup')),
          },
        };
      },
    );
  };
}
