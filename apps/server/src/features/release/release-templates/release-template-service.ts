import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import {
  milestoneProblems,
  type MilestoneInput,
  type ReleaseTemplate,
  type ReleaseTemplateInput,
} from './release-template.ts';
import { createReleaseTemplateStore } from './release-template-store.ts';

/** Release templates: root-permission writes, every one an event; readers see the milestones and their strategies. */
export function createReleaseTemplateService(db: Db) {
  const templates = createReleaseTemplateStore(db);
  const events = createEventStore(db);

  async function find(id: string): Promise<ReleaseTemplate> {
    const template = await templates.get(id);
    if (!template) throw new NotFoundError(`Could not find a release template with id "${id}"`);
    return template;
  }

  /** Milestone names unique within the template; strategy types and segments that exist. */
  async function check(milestones: MilestoneInput[]): Promise<MilestoneInput[]> {
    const [problem] = milestoneProblems(milestones);
    if (problem) throw new BadDataError(`milestones[${problem.index}].name: ${problem.message}`);
    const strategies = milestones.flatMap((m) => m.strategies ?? []);
    const names = [...new Set(strategies.map((s) => s.strategyName))];
    if (names.length) {
      const known = new Set(
        (
          await db.query<{ name: string }>('SELECT name FROM strategy_definitions WHERE name = ANY($1)', [
            names,
          ])
        ).map((row) => row.name),
      );
      const unknown = names.find((name) => !known.has(name));
      if (unknown) throw new BadDataError(`there is no strategy type named "${unknown}"`);
    }
    const segmentIds = [...new Set(strategies.flatMap((s) => s.segments ?? []))];
    if (segmentIds.length) {
      const known = new Set(
        (await db.query<{ id: number }>('SELECT id FROM segments WHERE id = ANY($1)', [segmentIds])).map(
          (row) => row.id,
        ),
      );
      const unknown = segmentIds.find((id) => !known.has(id));
      if (unknown !== undefined) throw new BadDataError(`there is no segment with id ${unknown}`);
    }
    return milestones;
  }

  const append = (type: string, actor: Actor, data: unknown, preData?: unknown) =>
    events.append({ type, createdBy: actor.name, createdByUserId: actor.userId, data, preData });

  return {
    list: () => templates.list(),
    get: find,
    async create(input: ReleaseTemplateInput, actor: Actor): Promise<ReleaseTemplate> {
      const milestones = await check(input.milestones ?? []);
      const id = await templates.insert(
        { name: input.name, description: input.description ?? null, createdByUserId: actor.userId },
        milestones,
      );
      const template = await find(id);
      await append('release-plan-template-created', actor, template);
      return template;
    },
    /** Renames and describes the template; the milestones sent replace the old ones (left out: kept). */
    async update(id: string, input: ReleaseTemplateInput, actor: Actor): Promise<ReleaseTemplate> {
      const before = await find(id);
      const milestones = input.milestones
        ? await check(input.milestones)
        : before.milestones.map((m) => ({ ...m, strategies: m.strategies.map((s) => ({ ...s })) }));
      await templates.update(id, { name: input.name, description: input.description ?? null }, milestones);
      const after = await find(id);
      await append('release-plan-template-updated', actor, after, before);
      return after;
    },
    async archive(id: string, actor: Actor): Promise<ReleaseTemplate> {
      const before = await find(id);
      if (before.archivedAt) return before;
      await templates.archive(id);
      const after = await find(id);
      await append('release-plan-template-archived', actor, after, before);
      return after;
    },
    async delete(id: string, actor: Actor): Promise<void> {
      const template = await find(id);
      await templates.delete(id);
      await append('release-plan-template-deleted', actor, null, template);
    },
  };
}

export type ReleaseTemplateService = ReturnType<typeof createReleaseTemplateService>;
