import {
  FLEXIBLE_ROLLOUT,
  flexibleRolloutDefaults,
  segmentUsableIn,
  STRATEGY_SEGMENTS_LIMIT,
} from '@switchyard/rules';
import type { Db } from '../../../db/db.ts';
import { BadDataError, type ErrorDetail } from '../../../http/errors.ts';
import {
  comparedValues,
  constraintProblems,
  type ConstraintInput,
  normalizeConstraint,
} from './constraint.ts';
import type { Constraint, Flag, Strategy } from './flag.ts';
import { createFlagStrategyStore } from './flag-strategy-store.ts';
import { normalizeVariants, type VariantInput } from './variant.ts';
import { mentionProject } from '../../../http/project-mention.ts';

/** A strategy as a caller sends it (create, update, or the result of a patch). */
export type StrategyRequest = {
  name: string;
  title?: string | null;
  disabled?: boolean | null;
  sortOrder?: number;
  parameters?: Record<string, string | number | boolean>;
  constraints?: ConstraintInput[];
  variants?: VariantInput[];
  segments?: number[];
};

export type ResolvedStrategy = Omit<Strategy, 'id' | 'flagName' | 'environment' | 'sortOrder'> & {
  sortOrder?: number;
};

/**
 * Checks constraints against operators, value formats and the legal values of their context fields.
 * `path` locates the list in the request (`/body/constraints`, each constraint then at `/body/constraints/2`), or
 * is a function giving each constraint's own path.
 */
export async function validateConstraints(
  db: Db,
  inputs: ConstraintInput[],
  path: string | ((index: number) => string),
): Promise<Constraint[]> {
  const pathOf = typeof path === 'string' ? (index: number) => `${path}/${index}` : path;
  const constraints = inputs.map(normalizeConstraint);
  const problems: ErrorDetail[] = constraints.flatMap((constraint, index) =>
    constraintProblems(constraint, pathOf(index)),
  );
  const legal = await createFlagStrategyStore(db).legalValues([
    ...new Set(constraints.map((c) => c.contextName)),
  ]);
  constraints.forEach((constraint, index) => {
    const allowed = legal.get(constraint.contextName);
    if (!allowed) return;
    for (const value of comparedValues(constraint)) {
      if (!allowed.includes(value)) {
        problems.push({
          message: `"${value}" is not specified as a legal value on "${constraint.contextName}"`,
          path: pathOf(index),
        });
      }
    }
  });
  if (problems.length) throw new BadDataError(problems[0]!.message, problems);
  return constraints;
}

/**
 * Validates a strategy request for a flag and fills in Unleash's defaults: parameters `{}`, and for
 * flexibleRollout a 100% rollout, the project's default stickiness and the flag name as group id.
 */
export async function resolveStrategy(
  db: Db,
  flag: Flag,
  request: StrategyRequest,
  defaultStickiness: string,
): Promise<ResolvedStrategy> {
  const store = createFlagStrategyStore(db);
  if (!(await store.strategyDefinitionExists(request.name))) {
    throw new BadDataError(`Could not find strategy type: ${request.name}`, [
      { message: `Could not find strategy type: ${request.name}`, path: '/body/name' },
    ]);
  }
  const parameters = Object.fromEntries(
    Object.entries(request.parameters ?? {}).map(([key, value]) => [key, String(value)]),
  );
  if (request.name === FLEXIBLE_ROLLOUT) {
    for (const [key, value] of Object.entries(flexibleRolloutDefaults(flag.name, defaultStickiness))) {
      if (!parameters[key]) parameters[key] = value;
    }
  }
  const constraints = await validateConstraints(db, request.constraints ?? [], '/body/constraints');
  const variants = normalizeVariants(request.variants ?? [], '/body/variants');

  const segments = [...new Set(request.segments ?? [])];
  const found = await store.segments(segments);
  const problems: ErrorDetail[] = [];
  if (segments.length > STRATEGY_SEGMENTS_LIMIT)
    problems.push({
      message: `Strategies may not have more than ${STRATEGY_SEGMENTS_LIMIT} segments`,
      path: '/body/segments',
    });
  for (const id of segments) {
    if (!found.has(id)) problems.push({ message: `Segment ${id} does not exist`, path: '/body/segments' });
    else if (!segmentUsableIn(found.get(id), flag.project)) {
      problems.push({
        message: `Segment ${id} belongs to ${mentionProject(found.get(id)!)} and cannot be used in "${flag.project}"`,
        path: '/body/segments',
      });
    }
  }
  if (problems.length) throw new BadDataError(problems[0]!.message, problems);

  return {
    name: request.name,
    title: request.title ?? null,
    disabled: request.disabled ?? false,
    parameters,
    constraints,
    variants,
    segments: segments.sort((a, b) => a - b),
    ...(request.sortOrder === undefined ? {} : { sortOrder: request.sortOrder }),
  };
}

/** The strategy as a request body, so PATCH can apply JSON Patch to what GET shows. */
export function toStrategyRequest(strategy: Strategy): StrategyRequest {
  return {
    name: strategy.name,
    title: strategy.title,
    disabled: strategy.disabled,
    sortOrder: strategy.sortOrder,
    parameters: { ...strategy.parameters },
    constraints: strategy.constraints.map((constraint) => ({ ...constraint })),
    variants: strategy.variants.map((variant) => ({ ...variant })),
    segments: [...strategy.segments],
  };
}
