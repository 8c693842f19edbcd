import { FLEXIBLE_ROLLOUT, flexibleRolloutDefaults } from '@switchyard/rules';
import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import type { ConstraintInput } from '../flags/constraint.ts';
import { validateConstraints } from '../flags/strategy-input.ts';
import { normalizeVariants, type VariantInput } from '../flags/variant.ts';
import { createProjectEnvironmentStore } from './project-environment-store.ts';
import { createProjectStore } from './project-store.ts';

export type DefaultStrategyInput = {
  name: string;
  title?: string | null;
  disabled?: boolean | null;
  sortOrder?: number;
  constraints?: ConstraintInput[];
  parameters?: Record<string, string | number | boolean>;
  variants?: VariantInput[];
  segments?: number[];
};

/** A default strategy as stored, with Unleash's defaults filled in. */
export type DefaultStrategyConfig = {
  name: string;
  title?: string;
  disabled?: boolean;
  sortOrder?: number;
  constraints: object[];
  parameters: Record<string, string>;
  variants: object[];
  segments: number[];
};

/** Which environments a project uses, and the strategy each one adds when a flag is enabled without any. */
export function createProjectEnvironmentService(db: Db) {
  const links = createProjectEnvironmentStore(db);
  const events = createEventStore(db);

  async function checkProject(projectId: string): Promise<string> {
    const project = await createProjectStore(db).find(projectId);
    if (!project) throw new NotFoundError(`Could not find project with id ${projectId}`);
    return project.defaultStickiness;
  }

  async function checkEnvironment(environment: string): Promise<void> {
    const [row] = await db.query('SELECT 1 FROM environments WHERE name = $1', [environment]);
    if (!row) throw new NotFoundError(`Could not find environment with name ${environment}`);
  }

  /**
   * Validates the strategy as the flags feature validates flag strategies (operators, value formats, legal
   * values, variant weights) and fills in flexibleRollout's parameters as Unleash does; the empty groupId
   * becomes the flag name when the strategy is applied to a flag.
   */
  async function normalise(
    input: DefaultStrategyInput,
    stickiness: string,
    base = '/body',
  ): Promise<DefaultStrategyConfig> {
    if (input.name !== FLEXIBLE_ROLLOUT) {
      const message = 'Only "flexibleRollout" strategy can be used as a default strategy for an environment';
      throw new BadDataError(message, [{ message, path: `${base}/name` }]);
    }
    const segments = [...new Set(input.segments ?? [])];
    if (segments.length) {
      const found = await db.query<{ id: number }>('SELECT id FROM segments WHERE id = ANY($1)', [segments]);
      const missing = segments.filter((id) => !found.some((row) => row.id === id));
      if (missing.length) {
        const message = `Segment(s) ${missing.join(', ')} do not exist`;
        throw new BadDataError(message, [{ message, path: `${base}/segments` }]);
      }
    }
    const constraints = await validateConstraints(db, input.constraints ?? [], `${base}/constraints`);
    const variants = normalizeVariants(input.variants ?? [], `${base}/variants`, stickiness);
    const parameters = flexibleRolloutDefaults('', stickiness);
    for (const [key, value] of Object.entries(input.parameters ?? {})) parameters[key] = String(value);
    return {
      name: input.name,
      ...(input.title != null ? { title: input.title } : {}),
      ...(input.disabled != null ? { disabled: input.disabled } : {}),
      ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}),
      constraints,
      parameters,
      variants,
      segments,
    };
  }

  return {
    async add(
      projectId: string,
      environment: string,
      defaultStrategy: DefaultStrategyInput | undefined,
      actor: Actor,
    ): Promise<void> {
      const stickiness = await checkProject(projectId);
      await checkEnvironment(environment);
      const strategy = defaultStrategy
        ? await normalise(defaultStrategy, stickiness, '/body/defaultStrategy')
        : null;
      await links.add(projectId, environment, strategy);
      await events.append({
        type: 'project-environment-added',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: projectId,
        environment,
        data: { environment, ...(strategy ? { defaultStrategy: strategy } : {}) },
      });
    },

    async remove(projectId: string, environment: string, actor: Actor): Promise<void> {
      await checkProject(projectId);
      await checkEnvironment(environment);
      if (!(await links.find(projectId, environment))) {
        throw new NotFoundError(`Project ${projectId} does not have the environment ${environment}`);
      }
      const removed = await links.remove(projectId, environment);
      await events.append({
        type: 'project-environment-removed',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: projectId,
        environment,
        data: { environment, removed },
      });
    },

    async setDefaultStrategy(
      projectId: string,
      environment: string,
      input: DefaultStrategyInput,
      actor: Actor,
    ): Promise<DefaultStrategyConfig> {
      const stickiness = await checkProject(projectId);
      await checkEnvironment(environment);
      const link = await links.find(projectId, environment);
      if (!link) throw new NotFoundError(`Project ${projectId} does not have the environment ${environment}`);
      const strategy = await normalise(input, stickiness);
      await links.setDefaultStrategy(projectId, environment, strategy);
      await events.append({
        type: 'default-strategy-updated',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: projectId,
        environment,
        data: strategy,
        preData: link.defaultStrategy,
      });
      return strategy;
    },
  };
}
