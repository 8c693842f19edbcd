import type { Db } from '../../../db/db.ts';
import { BadDataError, ConflictError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import type { ConstraintInput } from '../flags/constraint.ts';
import { validateConstraints } from '../flags/strategy-input.ts';
import { nameFlags } from '../strategies/strategy-use.ts';
import { SEGMENT_VALUES_LIMIT, type Segment, type SegmentInput } from './segment.ts';
import { createSegmentStore, nameTaken, type SegmentRecord } from './segment-store.ts';
import { createSegmentUsageReadModel } from './segment-usage-read-model.ts';

/** How many list values the constraints hold, for the per-segment limit. */
const countValues = (constraints: readonly ConstraintInput[]) =>
  constraints.reduce((sum, constraint) => sum + (constraint.values?.length ?? 0), 0);

/** The wire form of a segment as stored in events. */
const eventData = (segment: Segment) => ({
  id: segment.id,
  name: segment.name,
  description: segment.description,
  project: segment.project,
  constraints: segment.constraints,
});

export function createSegmentService(db: Db) {
  const store = createSegmentStore(db);
  const usage = createSegmentUsageReadModel(db);
  const events = createEventStore(db);

  async function find(id: number): Promise<Segment> {
    const segment = await store.get(id);
    if (!segment) throw new NotFoundError(`Could not find a segment with id ${id}`);
    return segment;
  }

  async function toRecord(input: SegmentInput): Promise<SegmentRecord> {
    const project = input.project ?? null;
    if (project !== null) {
      const [found] = await db.query('SELECT 1 FROM projects WHERE id = $1', [project]);
      if (!found) {
        throw new BadDataError(`Project "${project}" does not exist`, [
          { message: `project "${project}" does not exist`, path: '/body/project' },
        ]);
      }
    }
    if (countValues(input.constraints) > SEGMENT_VALUES_LIMIT) {
      throw new BadDataError(`Segments may not have more than ${SEGMENT_VALUES_LIMIT} values`, [
        { message: `more than ${SEGMENT_VALUES_LIMIT} values in total`, path: '/body/constraints' },
      ]);
    }
    // The same rules as strategy constraints: operators, value formats and legal values.
    const constraints = await validateConstraints(db, input.constraints, '/body/constraints');
    return { name: input.name, description: input.description ?? null, project, constraints };
  }

  return {
    /** Reads take `hidden`, the projects the caller may not see (projects/hidden-projects.ts), and leave them out. */
    list: (hidden: readonly string[] = []) => store.list(hidden),
    async get(id: number, hidden: readonly string[] = []): Promise<Segment> {
      const segment = await store.get(id, hidden);
      if (!segment) throw new NotFoundError(`Could not find a segment with id ${id}`);
      return segment;
    },
    async validateName(name: string): Promise<void> {
      if ((await store.findIdByName(name)) !== undefined) throw nameTaken(name);
    },
    async create(input: SegmentInput, actor: Actor): Promise<Segment> {
      const record = await toRecord(input);
      if ((await store.findIdByName(record.name)) !== undefined) throw nameTaken(record.name);
      const segment = await find(await store.insert(record, actor.name));
      await events.append({
        type: 'segment-created',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: segment.project,
        data: eventData(segment),
      });
      return segment;
    },
    async update(id: number, input: SegmentInput, actor: Actor): Promise<void> {
      const before = await find(id);
      const record = await toRecord(input);
      const owner = await store.findIdByName(record.name);
      if (owner !== undefined && owner !== id) throw nameTaken(record.name);
      if (record.project !== null) {
        const elsewhere = (await usage.strategiesUsing(id)).filter((use) => use.project !== record.project);
        if (elsewhere.length) {
          throw new BadDataError(
            `Segment "${before.name}" is used by flags in other projects (${nameFlags(elsewhere)}), so it cannot belong to project "${record.project}" only`,
            [{ message: 'the segment is used by flags in other projects', path: '/body/project' }],
          );
        }
      }
      await store.update(id, record);
      const after = await find(id);
      await events.append({
        type: 'segment-updated',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: after.project,
        data: eventData(after),
        preData: eventData(before),
      });
    },
    async remove(id: number, actor: Actor): Promise<void> {
      const segment = await find(id);
      const uses = await usage.strategiesUsing(id);
      if (uses.length) {
        throw new ConflictError(
          `Segment "${segment.name}" is used by ${uses.length} strategies of flags ${nameFlags(uses)}; remove it from them first`,
        );
      }
      await store.delete(id);
      await events.append({
        type: 'segment-deleted',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: segment.project,
        preData: eventData(segment),
      });
    },
    async strategiesUsing(id: number, hidden: readonly string[] = []) {
      await find(id);
      return usage.strategiesUsing(id, hidden);
    },
    /** A strategy of a flag in a `hidden` project is not found. */
    async segmentsOfStrategy(strategyId: string, hidden: readonly string[] = []): Promise<Segment[]> {
      if (!(await usage.strategyExists(strategyId, hidden))) {
        throw new NotFoundError(`Could not find a flag strategy with id "${strategyId}"`);
      }
      return store.listForStrategy(strategyId, hidden);
    },
  };
}

export type SegmentService = ReturnType<typeof createSegmentService>;
