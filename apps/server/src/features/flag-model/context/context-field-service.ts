import type { Db } from '../../../db/db.ts';
import { BadDataError, ConflictError, InvalidOperationError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import { createStrategyUsageReadModel } from '../strategies/strategy-usage-read-model.ts';
import { nameFlags } from '../strategies/strategy-use.ts';
import {
  BUILT_IN_CONTEXT_FIELDS,
  duplicateValues,
  type ContextField,
  type ContextFieldChanges,
  type ContextFieldInput,
  type LegalValue,
} from './context-field.ts';
import {
  createContextFieldStore,
  nameTaken,
  type ContextFieldRecord,
  type ContextFieldScope,
} from './context-field-store.ts';

/** The field as events record it. */
const eventData = (field: ContextFieldRecord) => ({
  name: field.name,
  description: field.description,
  stickiness: field.stickiness,
  sortOrder: field.sortOrder,
  legalValues: field.legalValues,
  project: field.project,
});

function checkLegalValues(legalValues: readonly LegalValue[]): void {
  const duplicates = duplicateValues(legalValues);
  if (duplicates.length) {
    throw new BadDataError(`Legal values must be unique; repeated: ${duplicates.join(', ')}`, [
      { message: `"${duplicates[0]}" appears more than once`, path: '/body/legalValues' },
    ]);
  }
}

/**
 * Context fields, global (project undefined) or of one project. With a project, the project must exist and
 * only that project's fields are found, so project-scoped routes never reach another project's fields.
 */
export function createContextFieldService(db: Db) {
  const store = createContextFieldStore(db);
  const usage = createStrategyUsageReadModel(db);
  const events = createEventStore(db);

  async function checkProject(project: string | undefined): Promise<void> {
    if (project === undefined) return;
    const [found] = await db.query('SELECT 1 FROM projects WHERE id = $1', [project]);
    if (!found) throw new NotFoundError(`Could not find project "${project}"`);
  }

  async function find(name: string, project?: string): Promise<ContextField> {
    await checkProject(project);
    const field = await store.get(name);
    if (!field || (project !== undefined && field.project !== project)) {
      const where = project === undefined ? '' : ` in project "${project}"`;
      throw new NotFoundError(`Could not find context field "${name}"${where}`);
    }
    return field;
  }

  async function record(type: string, actor: Actor, after?: ContextFieldRecord, before?: ContextFieldRecord) {
    await events.append({
      type,
      createdBy: actor.name,
      createdByUserId: actor.userId,
      project: (after ?? before)?.project ?? null,
      data: after && eventData(after),
      preData: before && eventData(before),
    });
  }

  async function save(before: ContextField, after: ContextFieldRecord, actor: Actor): Promise<void> {
    await store.update(after);
    await record('context-field-updated', actor, after, before);
  }

  return {
    async list(scope: ContextFieldScope): Promise<ContextField[]> {
      await checkProject(scope.project);
      return store.list(scope);
    },
    get: find,
    async validateName(name: string, project?: string): Promise<void> {
      await checkProject(project);
      if (await store.get(name)) throw nameTaken(name);
    },
    async create(input: ContextFieldInput, actor: Actor, project?: string): Promise<ContextField> {
      await checkProject(project);
      checkLegalValues(input.legalValues ?? []);
      if (await store.get(input.name)) throw nameTaken(input.name);
      const field: ContextFieldRecord = {
        name: input.name,
        description: input.description ?? null,
        stickiness: input.stickiness ?? false,
        sortOrder: input.sortOrder ?? 10,
        legalValues: input.legalValues ?? [],
        project: project ?? null,
      };
      await store.insert(field);
      await record('context-field-created', actor, field);
      return find(input.name);
    },
    /** Changes the given properties; the ones left out keep their values. */
    async update(name: string, changes: ContextFieldChanges, actor: Actor, project?: string): Promise<void> {
      const before = await find(name, project);
      checkLegalValues(changes.legalValues ?? []);
      await save(
        before,
        {
          name,
          description: changes.description === undefined ? before.description : changes.description,
          stickiness: changes.stickiness ?? before.stickiness,
          sortOrder: changes.sortOrder ?? before.sortOrder,
          legalValues: changes.legalValues ?? before.legalValues,
          project: before.project,
        },
        actor,
      );
    },
    /** Adds a legal value, or replaces the description of one that exists. */
    async putLegalValue(name: string, legalValue: LegalValue, actor: Actor, project?: string): Promise<void> {
      const before = await find(name, project);
      const exists = before.legalValues.some((existing) => existing.value === legalValue.value);
      const legalValues = exists
        ? before.legalValues.map((existing) => (existing.value === legalValue.value ? legalValue : existing))
        : [...before.legalValues, legalValue];
      await save(before, { ...before, legalValues }, actor);
    },
    async deleteLegalValue(name: string, value: string, actor: Actor, project?: string): Promise<void> {
      const before = await find(name, project);
      if (!before.legalValues.some((existing) => existing.value === value)) {
        throw new NotFoundError(`Context field "${name}" has no legal value "${value}"`);
      }
      const legalValues = before.legalValues.filter((existing) => existing.value !== value);
      await save(before, { ...before, legalValues }, actor);
    },
    async remove(name: string, actor: Actor, project?: string): Promise<void> {
      const field = await find(name, project);
      if (BUILT_IN_CONTEXT_FIELDS.includes(name)) {
        throw new InvalidOperationError(`"${name}" is a built-in context field and cannot be deleted`);
      }
      const strategies = await usage.usingContextField(name);
      const segments = await usage.segmentsUsingContextField(name);
      if (strategies.length || segments.length) {
        const users = [
          strategies.length ? `flags ${nameFlags(strategies)}` : '',
          segments.length ? `segments ${segments.map((segment) => `"${segment}"`).join(', ')}` : '',
        ].filter(Boolean);
        throw new ConflictError(
          `Context field "${name}" is used in constraints of ${users.join(' and ')}; remove those constraints first`,
        );
      }
      await store.delete(name);
      await record('context-field-deleted', actor, undefined, field);
    },
  };
}

export type ContextFieldService = ReturnType<typeof createContextFieldService>;
