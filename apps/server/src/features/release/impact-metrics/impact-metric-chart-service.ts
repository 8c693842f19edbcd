import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { recordFlagEvent } from '../../flag-model/flags/flag-events.ts';
import { requireFlag } from '../../flag-model/flags/flag-lookup.ts';
import { newReleaseId } from '../release-templates/release-id.ts';
import { MODES_OF, parseSeriesName } from './impact-metric.ts';
import {
  MAX_CHARTS_PER_FLAG,
  MAX_INSTANCE_CHARTS,
  type ChartQuery,
  type ImpactMetricChart,
} from './impact-metric-chart.ts';
import { createImpactMetricChartStore } from './impact-metric-chart-store.ts';

/** Whose charts: the impact-metrics page's (`null`), or a flag's, named by its project and name as in the path. */
export type ChartPlace = { project: string; flagName: string } | null;

/** A chart that cannot be stored, naming the field as the route reports it. */
export class ChartProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Unleash's event types for a saved chart (impact-metric-created, -updated, -deleted). */
type ChartEventType = 'impact-metric-created' | 'impact-metric-updated' | 'impact-metric-deleted';

const eventData = ({ createdAt: _c, updatedAt: _u, project: _p, ...chart }: ImpactMetricChart) => chart;

/** Saved impact-metric charts; every change records an event, so maintenance mode refuses it (write-gate.ts). */
export function createImpactMetricChartService(db: Db) {
  const store = createImpactMetricChartStore(db);

  /** The flag of the place (a 404 when the project or the flag is unknown), or null for the page. */
  const flagOf = async (place: ChartPlace): Promise<string | null> =>
    place ? (await requireFlag(db, place.project, place.flagName)).name : null;

  const chartAt = async (place: ChartPlace, id: string): Promise<ImpactMetricChart> => {
    const flagName = await flagOf(place);
    return chartOf(place, flagName, id);
  };

  const chartOf = async (place: ChartPlace, flagName: string | null, id: string) => {
    const chart = await store.get(id);
    if (!chart || chart.flagName !== flagName)
      throw new NotFoundError(
        place
          ? `Could not find chart "${id}" of flag "${place.flagName}"`
          : `Could not find chart "${id}" of the impact-metrics page`,
      );
    return chart;
  };

  const record = async (
    place: ChartPlace,
    actor: Actor,
    type: ChartEventType,
    data: unknown,
    preData?: unknown,
  ) => {
    if (place) {
      await recordFlagEvent(db, actor, {
        type,
        project: place.project,
        flagName: place.flagName,
        data,
        preData,
      });
      return;
    }
    await createEventStore(db).append({
      type,
      createdBy: actor.name,
      createdByUserId: actor.userId,
      data,
      preData,
    });
  };

  return {
    async list(place: ChartPlace): Promise<ImpactMetricChart[]> {
      return store.list(await flagOf(place));
    },

    /** Creates the chart, or changes the one with `id` (of the same place). */
    async save(place: ChartPlace, query: ChartQuery, id: string | undefined, actor: Actor) {
      const flagName = await flagOf(place);
      const wanted = parseSeriesName(query.metricName);
      if (wanted.type && !MODES_OF[wanted.type].includes(query.aggregationMode))
        throw new ChartProblem(
          'aggregationMode',
          `a ${wanted.type} is aggregated by ${MODES_OF[wanted.type].join(', ')}, not by ${query.aggregationMode}`,
        );
      if (id !== undefined) {
        const before = await chartOf(place, flagName, id);
        await store.update(id, query);
        const after = (await store.get(id))!;
        await record(place, actor, 'impact-metric-updated', eventData(after), eventData(before));
        return after;
      }
      const limit = flagName ? MAX_CHARTS_PER_FLAG : MAX_INSTANCE_CHARTS;
      if ((await store.count(flagName)) >= limit)
        throw new BadDataError(
          `${flagName ? `flag "${flagName}"` : 'the impact-metrics page'} already has ${limit} charts, the most it may have`,
        );
      const newId = newReleaseId();
      await store.insert(newId, flagName, query);
      const created = (await store.get(newId))!;
      await record(place, actor, 'impact-metric-created', eventData(created));
      return created;
    },

    async delete(place: ChartPlace, id: string, actor: Actor): Promise<void> {
      const chart = await chartAt(place, id);
      await store.delete(id);
      await record(place, actor, 'impact-metric-deleted', undefined, eventData(chart));
    },
  };
}

export type ImpactMetricChartService = ReturnType<typeof createImpactMetricChartService>;
