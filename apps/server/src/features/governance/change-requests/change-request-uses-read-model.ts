import type {
  ChangeRequestStrategyUse,
  ChangeRequestUsesPort,
} from '../../flag-model/flags/change-request-uses-port.ts';

/**
 * Requests others can see that may still apply. Drafts are left out: they are private to their author, and showing
 * their ids in flag search would tell others they exist.
 */
const VISIBLE_OPEN = `cr.state IN ('In review', 'Approved', 'Scheduled')`;

/** Flag search and segment usage read what open change requests would change (the flag model's port). */
export const changeRequestUsesReadModel: ChangeRequestUsesPort = {
  async openRequestsOfFlags(db, flagNames) {
    if (flagNames.length === 0) return [];
    const rows = await db.query<{ flag_name: string; environment: string; id: number }>(
      `SELECT DISTINCT c.flag_name, cr.environment, cr.id
         FROM change_request_changes c JOIN change_requests cr ON cr.id = c.change_request_id
        WHERE c.flag_name = ANY($1::text[]) AND ${VISIBLE_OPEN}
        ORDER BY cr.id`,
      [flagNames],
    );
    return rows.map((row) => ({ flagName: row.flag_name, environment: row.environment, id: row.id }));
  },

  async strategiesUsingSegment(db, segmentId, hiddenProjects) {
    const rows = await db.query<{
      flag_name: string;
      project: string;
      environment: string;
      action: string;
      payload: { id?: unknown; name?: unknown; segments?: unknown } | null;
    }>(
      `SELECT c.flag_name, cr.project, cr.environment, c.action, c.payload
         FROM change_request_changes c JOIN change_requests cr ON cr.id = c.change_request_id
        WHERE c.action IN ('addStrategy', 'updateStrategy') AND c.flag_name IS NOT NULL AND ${VISIBLE_OPEN}
          AND NOT (cr.project = ANY($1::text[]))
        ORDER BY c.id`,
      [hiddenProjects],
    );
    const uses: ChangeRequestStrategyUse[] = [];
    for (const row of rows) {
      const segments = row.payload?.segments;
      if (!Array.isArray(segments) || !segments.includes(segmentId)) continue;
      uses.push({
        ...(row.action === 'updateStrategy' && typeof row.payload?.id === 'string'
          ? { id: row.payload.id }
          : {}),
        flagName: row.flag_name,
        project: row.project,
        environment: row.environment,
        strategyName: String(row.payload?.name ?? ''),
      });
    }
    return uses;
  },
};
