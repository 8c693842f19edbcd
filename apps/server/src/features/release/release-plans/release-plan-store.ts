import type { Db } from '../../../db/db.ts';
import type { MilestoneStrategy } from '../release-templates/release-template.ts';
import type { PlanMilestone, ReleasePlan } from './release-plan.ts';

type PlanRow = {
  id: string;
  template_id: string;
  name: string;
  description: string | null;
  project_id: string;
  flag_name: string;
  environment_name: string;
  active_milestone_id: string | null;
  created_by_user_id: number | null;
  created_at: Date;
};
type MilestoneRow = {
  id: string;
  plan_id: string;
  name: string;
  sort_order: number;
  interval_minutes: number | null;
  strategies: MilestoneStrategy[];
  started_at: Date | null;
};

export type NewPlan = Omit<ReleasePlan, 'activeMilestoneId' | 'createdAt'>;

export function createReleasePlanStore(db: Db) {
  async function load(rows: PlanRow[]): Promise<ReleasePlan[]> {
    if (!rows.length) return [];
    const milestones = await db.query<MilestoneRow>(
      'SELECT * FROM release_plan_milestones WHERE plan_id = ANY($1) ORDER BY sort_order, id',
      [rows.map((row) => row.id)],
    );
    const toMilestone = (row: MilestoneRow): PlanMilestone => ({
      id: row.id,
      name: row.name,
      sortOrder: row.sort_order,
      releasePlanDefinitionId: row.plan_id,
      intervalMinutes: row.interval_minutes,
      startedAt: row.started_at,
      strategies: row.strategies,
    });
    return rows.map((row) => ({
      id: row.id,
      templateId: row.template_id,
      name: row.name,
      description: row.description,
      project: row.project_id,
      flagName: row.flag_name,
      environment: row.environment_name,
      activeMilestoneId: row.active_milestone_id,
      createdByUserId: row.created_by_user_id,
      createdAt: row.created_at,
      milestones: milestones.filter((m) => m.plan_id === row.id).map(toMilestone),
    }));
  }

  return {
    async forFlagEnvironment(flagName: string, environment: string): Promise<ReleasePlan[]> {
      return load(
        await db.query<PlanRow>(
          'SELECT * FROM release_plans WHERE flag_name = $1 AND environment_name = $2 ORDER BY created_at, id',
          [flagName, environment],
        ),
      );
    },
    async get(id: string): Promise<ReleasePlan | undefined> {
      return (await load(await db.query<PlanRow>('SELECT * FROM release_plans WHERE id = $1', [id])))[0];
    },
    async insert(plan: NewPlan): Promise<void> {
      await db.query(
        `INSERT INTO release_plans (id, template_id, name, description, project_id, flag_name, environment_name,
           created_by_user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          plan.id,
          plan.templateId,
          plan.name,
          plan.description,
          plan.project,
          plan.flagName,
          plan.environment,
          plan.createdByUserId,
        ],
      );
      for (const milestone of plan.milestones)
        await db.query(
          `INSERT INTO release_plan_milestones (id, plan_id, name, sort_order, interval_minutes, strategies)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            milestone.id,
            plan.id,
            milestone.name,
            milestone.sortOrder,
            milestone.intervalMinutes,
            JSON.stringify(milestone.strategies),
          ],
        );
    },
    async activate(planId: string, milestoneId: string, at: Date): Promise<void> {
      await db.query('UPDATE release_plans SET active_milestone_id = $2 WHERE id = $1', [
        planId,
        milestoneId,
      ]);
      await db.query('UPDATE release_plan_milestones SET started_at = $2 WHERE id = $1', [milestoneId, at]);
    },
    /** The flag strategies the plan's active milestone put on the flag environment. */
    async strategyIds(planId: string): Promise<string[]> {
      const rows = await db.query<{ strategy_id: string }>(
        'SELECT strategy_id FROM release_plan_flag_strategies WHERE plan_id = $1',
        [planId],
      );
      return rows.map((row) => row.strategy_id);
    },
    async addStrategy(planId: string, strategyId: string): Promise<void> {
      await db.query('INSERT INTO release_plan_flag_strategies (plan_id, strategy_id) VALUES ($1, $2)', [
        planId,
        strategyId,
      ]);
    },
    async delete(id: string): Promise<void> {
      await db.query('DELETE FROM release_plans WHERE id = $1', [id]);
    },
  };
}
