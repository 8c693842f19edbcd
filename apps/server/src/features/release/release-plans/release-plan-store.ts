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
  paused_at: Date | null;
  paused_reason: string | null;
  resumed_at: Date | null;
};
type MilestoneRow = {
  id: string;
  plan_id: string;
  name: string;
  sort_order: number;
  interval_minutes: number | null;
  strategies: MilestoneStrategy[];
  started_at: Date | null;
  target_milestone_id: string | null;
  progression_executed_at: Date | null;
};

export type NewPlan = Omit<
  ReleasePlan,
  'activeMilestoneId' | 'createdAt' | 'pausedAt' | 'pausedReason' | 'resumedAt' | 'milestones'
> & { milestones: Omit<PlanMilestone, 'targetMilestoneId' | 'progressionExecutedAt'>[] };

/**
 * The plans whose active milestone's transition is due at $1 (unpaused, timed, not yet progressed, with a milestone
 * to go to): one clause for the cheap look and for the claim, so the two cannot disagree.
 */
const DUE_TRANSITIONS = `FROM release_plans p
   JOIN release_plan_milestones m ON m.id = p.active_milestone_id
  WHERE p.paused_at IS NULL AND m.interval_minutes IS NOT NULL AND m.progression_executed_at IS NULL
    AND m.started_at IS NOT NULL
    AND GREATEST(m.started_at, COALESCE(p.resumed_at, m.started_at))
        + m.interval_minutes * interval '1 minute' <= $1
    AND EXISTS (SELECT 1 FROM release_plan_milestones n WHERE n.plan_id = p.id
          AND (n.id = m.target_milestone_id OR (m.target_milestone_id IS NULL AND n.sort_order > m.sort_order)))`;

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
      targetMilestoneId: row.target_milestone_id,
      startedAt: row.started_at,
      progressionExecutedAt: row.progression_executed_at,
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
      pausedAt: row.paused_at,
      pausedReason: row.paused_reason,
      resumedAt: row.resumed_at,
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
    /** The plan a milestone belongs to. */
    async planIdOfMilestone(milestoneId: string): Promise<string | undefined> {
      const [row] = await db.query<{ plan_id: string }>(
        'SELECT plan_id FROM release_plan_milestones WHERE id = $1',
        [milestoneId],
      );
      return row?.plan_id;
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
      await db.query(
        'UPDATE release_plan_milestones SET started_at = $2, progression_executed_at = NULL WHERE id = $1',
        [milestoneId, at],
      );
    },
    /** Sets (or, with null, removes) the transition of a milestone: after how long, and to which milestone. */
    async setProgression(
      milestoneId: string,
      progression: { targetMilestoneId: string; intervalMinutes: number } | null,
    ): Promise<void> {
      await db.query(
        'UPDATE release_plan_milestones SET interval_minutes = $2, target_milestone_id = $3 WHERE id = $1',
        [milestoneId, progression?.intervalMinutes ?? null, progression?.targetMilestoneId ?? null],
      );
    },
    /** Pauses the plan; false when it already was (so whoever paused it first is the one that acted). */
    async pause(planId: string, at: Date, reason: string | null): Promise<boolean> {
      const rows = await db.query(
        `UPDATE release_plans SET paused_at = $2, paused_reason = $3
          WHERE id = $1 AND paused_at IS NULL RETURNING id`,
        [planId, at, reason],
      );
      return rows.length === 1;
    },
    /** Resumes the plan; false when it was not paused. */
    async resume(planId: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE release_plans SET paused_at = NULL, paused_reason = NULL, resumed_at = $2
          WHERE id = $1 AND paused_at IS NOT NULL RETURNING id`,
        [planId, at],
      );
      return rows.length === 1;
    },
    /**
     * A plan whose active milestone's transition is due at `now`, locked for this transaction; plans another process
     * holds are skipped (FOR UPDATE SKIP LOCKED), so each is progressed by one process.
     */
    /**
     * Whether any plan's transition is due at `now`: one plain read, so an idle poll costs one statement and no
     * transaction; claimDue then takes the row.
     */
    async anyDue(now: Date): Promise<boolean> {
      const [row] = await db.query<{ due: boolean }>(`SELECT EXISTS (SELECT 1 ${DUE_TRANSITIONS}) AS due`, [
        now,
      ]);
      return row?.due === true;
    },
    async claimDue(now: Date): Promise<{ planId: string; milestoneId: string } | undefined> {
      const [row] = await db.query<{ plan_id: string; milestone_id: string }>(
        `SELECT p.id AS plan_id, m.id AS milestone_id ${DUE_TRANSITIONS}
          ORDER BY p.id LIMIT 1 FOR UPDATE OF p SKIP LOCKED`,
        [now],
      );
      return row && { planId: row.plan_id, milestoneId: row.milestone_id };
    },
    /** Records that the plan moved on from the milestone; false when another process already did (it decides). */
    async markProgressed(milestoneId: string, at: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE release_plan_milestones SET progression_executed_at = $2
          WHERE id = $1 AND progression_executed_at IS NULL RETURNING id`,
        [milestoneId, at],
      );
      return rows.length === 1;
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
