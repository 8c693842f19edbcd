import { OPERATOR_NAMES } from '@switchyard/evaluation';
import { inTransaction, type Db } from '../../../db/db.ts';
import { NameExistsError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { requireProject } from '../../flag-model/flags/flag-lookup.ts';
import { ACTION_DEFINITIONS, type ActionSet, type ActionSetFields } from './action-set.ts';
import { createActionSetStore } from './action-set-store.ts';

/** An action set that breaks a rule; `field` names the property by its path (`match/sourceId`, `actions/0/…`). */
export class ActionSetRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Action sets per project, as in Unleash. */
export const ACTION_SETS_PER_PROJECT = 5;

const notFound = (project: string, id: number) =>
  new NotFoundError(`Could not find action set ${id} in project "${project}"`);

/** The set as its events record it. */
const eventData = ({ createdAt: _c, actions, ...set }: ActionSet) => ({
  ...set,
  actions: actions.map(({ createdAt: _a, ...action }) => action),
});

/** Checks what the schema cannot: the service account, the endpoint, the operators and each action's parameters. */
async function check(db: Db, project: string, fields: ActionSetFields): Promise<void> {
  const [actor] = await db.query<{ is_service: boolean }>('SELECT is_service FROM users WHERE id = $1', [
    fields.actorId,
  ]);
  if (!actor?.is_service)
    throw new ActionSetRuleError('actorId', `User ${fields.actorId} is not a service account`);
  const [endpoint] = await db.query('SELECT 1 FROM signal_endpoints WHERE id = $1', [fields.sourceId]);
  if (!endpoint)
    throw new ActionSetRuleError('match/sourceId', `There is no signal endpoint with id ${fields.sourceId}`);
  for (const [field, filter] of Object.entries(fields.payloadFilters)) {
    if (!OPERATOR_NAMES.includes(filter.operator))
      throw new ActionSetRuleError(
        `match/payload/${field}/operator`,
        `"${filter.operator}" is not an operator; use one of ${OPERATOR_NAMES.join(', ')}`,
      );
  }
  const environments = new Set(
    (
      await db.query<{ environment: string }>(
        'SELECT environment_name AS environment FROM project_environments WHERE project_id = $1',
        [project],
      )
    ).map((row) => row.environment),
  );
  fields.actions.forEach((action, index) => {
    const params = action.executionParams;
    const at = (name: string) => `actions/${index}/executionParams/${name}`;
    if (params.project !== undefined && params.project !== project)
      throw new ActionSetRuleError(
        at('project'),
        `An action of project "${project}" acts in that project only`,
      );
    if (!params.environment || !environments.has(params.environment))
      throw new ActionSetRuleError(
        at('environment'),
        `"environment" must be one of the project's environments: ${[...environments].join(', ')}`,
      );
    const target = ACTION_DEFINITIONS[action.action].target;
    if (!params[target]?.trim())
      throw new ActionSetRuleError(at(target), `${action.action} needs "${target}"`);
  });
}

/** A project's action sets: create, change and delete them (each an event), and the log of what they did. */
export function createActionSetService(db: Db) {
  const append = (tx: Db, type: string, project: string, actor: Actor, data: unknown, preData?: unknown) =>
    createEventStore(tx).append({
      type,
      project,
      createdBy: actor.name,
      createdByUserId: actor.userId,
      data,
      preData,
    });

  async function find(project: string, id: number): Promise<ActionSet> {
    const set = await createActionSetStore(db).get(project, id);
    if (!set) throw notFound(project, id);
    return set;
  }

  return {
    async list(project: string): Promise<ActionSet[]> {
      await requireProject(db, project);
      return createActionSetStore(db).list(project);
    },
    get: find,
    async create(project: string, fields: ActionSetFields, actor: Actor): Promise<ActionSet> {
      return inTransaction(db, async (tx) => {
        await requireProject(tx, project);
        const sets = createActionSetStore(tx);
        if ((await sets.count(project)) >= ACTION_SETS_PER_PROJECT)
          throw new ActionSetRuleError(
            'name',
            `Project "${project}" already has ${ACTION_SETS_PER_PROJECT} action sets, the most allowed`,
          );
        if (await sets.nameTaken(project, fields.name))
          throw new NameExistsError(
            `An action set named "${fields.name}" already exists in project "${project}"`,
          );
        await check(tx, project, fields);
        const set = await sets.insert(project, fields, actor.userId);
        await append(tx, 'actions-created', project, actor, eventData(set));
        return set;
      });
    },
    async update(project: string, id: number, fields: ActionSetFields, actor: Actor): Promise<ActionSet> {
      return inTransaction(db, async (tx) => {
        const sets = createActionSetStore(tx);
        const before = await sets.get(project, id);
        if (!before) throw notFound(project, id);
        if (await sets.nameTaken(project, fields.name, id))
          throw new NameExistsError(
            `An action set named "${fields.name}" already exists in project "${project}"`,
          );
        await check(tx, project, fields);
        const after = await sets.update(project, id, fields, actor.userId);
        await append(tx, 'actions-updated', project, actor, eventData(after), eventData(before));
        return after;
      });
    },
    async setEnabled(project: string, id: number, enabled: boolean, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const sets = createActionSetStore(tx);
        const before = await sets.get(project, id);
        if (!before) throw notFound(project, id);
        await sets.setEnabled(id, enabled);
        await append(
          tx,
          'actions-updated',
          project,
          actor,
          eventData({ ...before, enabled }),
          eventData(before),
        );
      });
    },
    async delete(project: string, id: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const sets = createActionSetStore(tx);
        const before = await sets.get(project, id);
        if (!before) throw notFound(project, id);
        await sets.delete(id);
        await append(tx, 'actions-deleted', project, actor, null, eventData(before));
      });
    },
    async events(project: string, id: number, limit: number, offset: number) {
      await find(project, id);
      return createActionSetStore(db).events(id, limit, offset);
    },
  };
}
