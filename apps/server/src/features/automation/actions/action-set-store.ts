import type { Db } from '../../../db/db.ts';
import type { Action, ActionName, ActionSet, ActionSetFields, PayloadFilter } from './action-set.ts';

type ActionSetRow = {
  id: number;
  project: string;
  name: string;
  description: string | null;
  enabled: boolean;
  actor_id: number;
  source_id: number;
  payload_filters: Record<string, PayloadFilter>;
  created_by_user_id: number | null;
  created_at: Date;
};
type ActionRow = {
  id: number;
  action_set_id: number;
  action: ActionName;
  sort_order: number;
  execution_params: Record<string, string>;
  created_by_user_id: number | null;
  created_at: Date;
};

export type ActionSetEvent = {
  id: number;
  actionSetId: number;
  signalId: number;
  state: 'started' | 'success' | 'failed';
  signal: unknown;
  actionSet: unknown;
  createdAt: Date;
};
type EventRow = {
  id: string;
  action_set_id: number;
  signal_id: string;
  state: ActionSetEvent['state'];
  signal: unknown;
  action_set: unknown;
  created_at: Date;
};

const toAction = (row: ActionRow): Action => ({
  id: row.id,
  action: row.action,
  sortOrder: row.sort_order,
  executionParams: row.execution_params ?? {},
  createdAt: row.created_at,
  createdByUserId: row.created_by_user_id,
});

export function createActionSetStore(db: Db) {
  async function withActions(rows: ActionSetRow[]): Promise<ActionSet[]> {
    const actions = await db.query<ActionRow>(
      'SELECT * FROM actions WHERE action_set_id = ANY ($1) ORDER BY sort_order, id',
      [rows.map((row) => row.id)],
    );
    return rows.map((row) => ({
      id: row.id,
      project: row.project,
      name: row.name,
      description: row.description,
      enabled: row.enabled,
      actorId: row.actor_id,
      sourceId: row.source_id,
      payloadFilters: row.payload_filters ?? {},
      actions: actions.filter((a) => a.action_set_id === row.id).map(toAction),
      createdAt: row.created_at,
      createdByUserId: row.created_by_user_id,
    }));
  }

  async function insertActions(id: number, fields: ActionSetFields, userId: number | null) {
    for (const action of fields.actions) {
      await db.query(
        `INSERT INTO actions (action_set_id, action, sort_order, execution_params, created_by_user_id)
         VALUES ($1, $2, $3, $4, $5)`,
        [id, action.action, action.sortOrder, JSON.stringify(action.executionParams), userId],
      );
    }
  }

  return {
    async list(project: string): Promise<ActionSet[]> {
      return withActions(
        await db.query<ActionSetRow>('SELECT * FROM action_sets WHERE project = $1 ORDER BY id', [project]),
      );
    },
    async get(project: string, id: number): Promise<ActionSet | undefined> {
      const rows = await db.query<ActionSetRow>('SELECT * FROM action_sets WHERE project = $1 AND id = $2', [
        project,
        id,
      ]);
      return (await withActions(rows))[0];
    },
    /** The enabled action sets listening to a signal endpoint. */
    async listening(sourceId: number): Promise<ActionSet[]> {
      return withActions(
        await db.query<ActionSetRow>(
          'SELECT * FROM action_sets WHERE source_id = $1 AND enabled ORDER BY id',
          [sourceId],
        ),
      );
    },
    async count(project: string): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM action_sets WHERE project = $1',
        [project],
      );
      return row!.n;
    },
    async nameTaken(project: string, name: string, exceptId?: number): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM action_sets WHERE project = $1 AND name = $2 AND id <> $3', [
        project,
        name,
        exceptId ?? 0,
      ]);
      return rows.length > 0;
    },
    async insert(project: string, fields: ActionSetFields, userId: number | null): Promise<ActionSet> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO action_sets (project, name, description, enabled, actor_id, source_id, payload_filters, created_by_user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          project,
          fields.name,
          fields.description,
          fields.enabled,
          fields.actorId,
          fields.sourceId,
          JSON.stringify(fields.payloadFilters),
          userId,
        ],
      );
      await insertActions(row!.id, fields, userId);
      return (await this.get(project, row!.id))!;
    },
    /** Replaces the set's fields and its actions. */
    async update(
      project: string,
      id: number,
      fields: ActionSetFields,
      userId: number | null,
    ): Promise<ActionSet> {
      await db.query(
        `UPDATE action_sets SET name = $3, description = $4, enabled = $5, actor_id = $6, source_id = $7,
           payload_filters = $8 WHERE project = $1 AND id = $2`,
        [
          project,
          id,
          fields.name,
          fields.description,
          fields.enabled,
          fields.actorId,
          fields.sourceId,
          JSON.stringify(fields.payloadFilters),
        ],
      );
      await db.query('DELETE FROM actions WHERE action_set_id = $1', [id]);
      await insertActions(id, fields, userId);
      return (await this.get(project, id))!;
    },
    async setEnabled(id: number, enabled: boolean): Promise<void> {
      await db.query('UPDATE action_sets SET enabled = $2 WHERE id = $1', [id, enabled]);
    },
    async delete(id: number): Promise<void> {
      await db.query('DELETE FROM action_sets WHERE id = $1', [id]);
    },
    async recordEvent(event: Omit<ActionSetEvent, 'id' | 'createdAt'>): Promise<void> {
      await db.query(
        `INSERT INTO action_set_events (action_set_id, signal_id, state, signal, action_set) VALUES ($1, $2, $3, $4, $5)`,
        [
          event.actionSetId,
          event.signalId,
          event.state,
          JSON.stringify(event.signal),
          JSON.stringify(event.actionSet),
        ],
      );
    },
    async events(actionSetId: number, limit: number, offset: number): Promise<ActionSetEvent[]> {
      const rows = await db.query<EventRow>(
        `SELECT id::text AS id, action_set_id, signal_id::text AS signal_id, state, signal, action_set, created_at
           FROM action_set_events WHERE action_set_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [actionSetId, limit, offset],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        actionSetId: row.action_set_id,
        signalId: Number(row.signal_id),
        state: row.state,
        signal: row.signal,
        actionSet: row.action_set,
        createdAt: row.created_at,
      }));
    },
  };
}
