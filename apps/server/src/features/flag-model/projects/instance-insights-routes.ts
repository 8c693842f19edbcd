import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../../db/db.ts';
import { BadDataError } from '../../../http/errors.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import { hiddenProjects } from './hidden-projects.ts';
import {
  createInstanceInsightsReadModel,
  type FlagWeek,
  type ProductionWeek,
} from './instance-insights-read-model.ts';
import { InsightsQuery, InsightsResponse } from './instance-insights-schemas.ts';

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

/** Days to two decimals, as the project's own insights give them; absent where no flag reached production. */
const timeToProduction = (row: ProductionWeek | undefined) =>
  row ? { timeToProduction: Math.round(row.timeToProduction * 100) / 100 } : {};

const healthOfWeek = (row: FlagWeek) =>
  row.total === 0 ? 100 : Math.round(((row.total - row.stale - row.potentiallyStale) * 100) / row.total);

/** The instance-wide analytics screen: weekly trends of users, flags, usage, changes and flags reaching production. */
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
            'Returns, for each ISO week (Monday to Sunday, UTC) touching the days `from` to `to`, the users and the flags that existed and how many were active or stale, per project too; SDK usage per project; changes per environment type; flags created and archived; and, per project, the flags that reached production (were first enabled in a production-type environment) in the week and their mean days from creation to production over the 30 days before its end. Each figure is computed from recorded timestamps (creation, archiving, sign-ins, stale and enabling events, hourly usage); projects the caller may not see are left out. At most two years at once.',
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
        const [
          users,
          userWeeks,
          flagWeeks,
          members,
          health,
          metrics,
          environments,
          created,
          current,
          production,
        ] = await Promise.all([
          model.users(),
          model.userWeeks(range),
          model.flagWeeks(range),
          model.memberWeeks(range),
          model.healthWeeks(range),
          model.metricsWeeks(range),
          model.environmentTypeWeeks(range),
          model.creationArchiveWeeks(range),
          model.stages(null, range.hidden),
          model.productionWeeks(range),
        ]);
        const usersIn = new Map(members.map((row) => [`${row.week}/${row.project}`, row.users]));
        const healthIn = new Map(health.map((row) => [`${row.week}/${row.project}`, row.health]));
        const productionIn = new Map(production.map((row) => [`${row.week}/${row.project}`, row]));
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
              ...timeToProduction(productionIn.get(`${row.week}/${row.project}`)),
            };
          }),
          metricsSummaryTrends: metrics.map(({ endAt, ...row }) => ({
            ...row,
            date: weekDate(endAt),
            totalRequests: row.totalYes + row.totalNo,
          })),
          environmentTypeTrends: environments.map(({ endAt, ...row }) => ({ ...row, date: weekDate(endAt) })),
          lifecycleTrends: flagWeeks.map((row) => ({
            week: row.week,
            date: weekDate(row.endAt),
            project: row.project,
            newProductionFlags: productionIn.get(`${row.week}/${row.project}`)?.newProductionFlags ?? 0,
          })),
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
  };
}
