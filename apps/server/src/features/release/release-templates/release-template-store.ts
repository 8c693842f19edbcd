import type { Db } from '../../../db/db.ts';
import { NameExistsError } from '../../../http/errors.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { newReleaseId } from './release-id.ts';
import {
  parameterStrings,
  type Milestone,
  type MilestoneInput,
  type MilestoneStrategy,
  type ReleaseTemplate,
} from './release-template.ts';

type TemplateRow = {
  id: string;
  name: string;
  description: string | null;
  created_by_user_id: number | null;
  created_at: Date;
  archived_at: Date | null;
};
type MilestoneRow = {
  id: string;
  template_id: string;
  name: string;
  sort_order: number;
  interval_minutes: number | null;
};
type StrategyRow = {
  id: string;
  milestone_id: string;
  sort_order: number;
  title: string | null;
  strategy_name: string;
  parameters: Record<string, string>;
  constraints: unknown[];
  variants: unknown[];
  segments: number[];
};

const toStrategy = (row: StrategyRow): MilestoneStrategy => ({
  id: row.id,
  milestoneId: row.milestone_id,
  sortOrder: row.sort_order,
  title: row.title,
  strategyName: row.strategy_name,
  parameters: row.parameters,
  constraints: row.constraints,
  variants: row.variants,
  segments: row.segments,
});

export function createReleaseTemplateStore(db: Db) {
  async function load(rows: TemplateRow[]): Promise<ReleaseTemplate[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => row.id);
    const milestones = await db.query<MilestoneRow>(
      `SELECT * FROM release_plan_template_milestones WHERE template_id = ANY($1) ORDER BY sort_order, id`,
      [ids],
    );
    const strategies = await db.query<StrategyRow>(
      `SELECT s.* FROM release_plan_template_milestone_strategies s
         JOIN release_plan_template_milestones m ON m.id = s.milestone_id
       WHERE m.template_id = ANY($1) ORDER BY s.sort_order, s.id`,
      [ids],
    );
    const toMilestone = (row: MilestoneRow): Milestone => ({
      id: row.id,
      name: row.name,
      sortOrder: row.sort_order,
      releasePlanDefinitionId: row.template_id,
      intervalMinutes: row.interval_minutes,
      strategies: strategies.filter((s) => s.milestone_id === row.id).map(toStrategy),
    });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      createdByUserId: row.created_by_user_id,
      createdAt: row.created_at,
      archivedAt: row.archived_at,
      milestones: milestones.filter((m) => m.template_id === row.id).map(toMilestone),
    }));
  }

  async function insertMilestones(templateId: string, milestones: MilestoneInput[]): Promise<void> {
    for (const milestone of milestones) {
      const id = newReleaseId();
      await db.query(
        `INSERT INTO release_plan_template_milestones (id, template_id, name, sort_order, interval_minutes)
         VALUES ($1, $2, $3, $4, $5)`,
        [id, templateId, milestone.name, milestone.sortOrder, milestone.intervalMinutes ?? null],
      );
      for (const strategy of milestone.strategies ?? [])
        await db.query(
          `INSERT INTO release_plan_template_milestone_strategies
             (id, milestone_id, sort_order, title, strategy_name, parameters, constraints, variants, segments)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            newReleaseId(),
            id,
            strategy.sortOrder,
            strategy.title ?? null,
            strategy.strategyName,
            JSON.stringify(parameterStrings(strategy.parameters)),
            JSON.stringify(strategy.constraints ?? []),
            JSON.stringify(strategy.variants ?? []),
            JSON.stringify(strategy.segments ?? []),
          ],
        );
    }
  }

  const nameTaken = (name: string) =>
    new NameExistsError(`a release template named "${name}" already exists`);

  return {
    async list(): Promise<ReleaseTemplate[]> {
      return load(
        await db.query<TemplateRow>(
          'SELECT * FROM release_plan_templates WHERE archived_at IS NULL ORDER BY created_at, id',
        ),
      );
    },
    async get(id: string): Promise<ReleaseTemplate | undefined> {
      const rows = await db.query<TemplateRow>('SELECT * FROM release_plan_templates WHERE id = $1', [id]);
      return (await load(rows))[0];
    },
    async insert(
      template: { name: string; description: string | null; createdByUserId: number | null },
      milestones: MilestoneInput[],
    ): Promise<string> {
      const id = newReleaseId();
      try {
        await db.query(
          `INSERT INTO release_plan_templates (id, name, description, created_by_user_id) VALUES ($1, $2, $3, $4)`,
          [id, template.name, template.description, template.createdByUserId],
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(template.name);
        throw error;
      }
      await insertMilestones(id, milestones);
      return id;
    },
    /** Renames and describes the template and replaces its milestones with the given ones. */
    async update(
      id: string,
      template: { name: string; description: string | null },
      milestones: MilestoneInput[],
    ): Promise<void> {
      try {
        await db.query('UPDATE release_plan_templates SET name = $2, description = $3 WHERE id = $1', [
          id,
          template.name,
          template.description,
        ]);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(template.name);
        throw error;
      }
      await db.query('DELETE FROM release_plan_template_milestones WHERE template_id = $1', [id]);
      await insertMilestones(id, milestones);
    },
    async archive(id: string): Promise<void> {
      await db.query('UPDATE release_plan_templates SET archived_at = now() WHERE id = $1', [id]);
    },
    async delete(id: string): Promise<void> {
      await db.query('DELETE FROM release_plan_templates WHERE id = $1', [id]);
    },
  };
}
