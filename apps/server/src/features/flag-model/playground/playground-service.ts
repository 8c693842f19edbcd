import {
  compileSnapshot,
  type CompiledSnapshot,
  type Context,
  type FlagExplanation,
  type StrategyExplanation,
} from '@switchyard/evaluation';
import { setImmediate } from 'node:timers/promises';
import type { Db } from '../../../db/db.ts';
import { BadDataError } from '../../../http/errors.ts';
import { loadEnvironmentState } from '../../sdk-serving/client-api/environment-state-store.ts';
import { createHistoryService } from '../history/history-service.ts';
import { stateAtField } from '../history/history-routes.ts';

export type PlaygroundInput = {
  environment: string;
  projects: '*' | string[];
  context: Record<string, unknown>;
};

/** The most contexts one advanced request may expand to, so a typo cannot ask for millions. */
export const MAX_CONTEXTS = 1_000;

const ROOT_FIELDS = new Set([
  'appName',
  'environment',
  'userId',
  'sessionId',
  'remoteAddress',
  'currentTime',
]);

/** The playground context: like the Frontend API's, but nothing random and nothing taken from the caller. */
export function toEvaluationContext(raw: Record<string, unknown>): Context {
  const context: Context = { properties: {} };
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'properties' || value === undefined || value === null || value === '') continue;
    if (ROOT_FIELDS.has(key)) context[key] = String(value);
    else context.properties![key] = String(value);
  }
  if (raw.properties && typeof raw.properties === 'object') {
    for (const [key, value] of Object.entries(raw.properties as Record<string, unknown>)) {
      if (value !== undefined && value !== null) context.properties![key] = String(value);
    }
  }
  return context;
}

/**
 * Every combination of the comma-separated values in a context (`userId: "1,2"` × `plan: "a,b"` → 4 contexts),
 * for the advanced playground.
 */
export function expandContexts(raw: Record<string, unknown>): Record<string, unknown>[] {
  let contexts: Record<string, unknown>[] = [{}];
  const flat: [string[], string, unknown][] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, inner] of Object.entries(value as Record<string, unknown>))
        flat.push([['properties', name], name, inner]);
    } else flat.push([[key], key, value]);
  }
  for (const [path, , value] of flat) {
    const values =
      typeof value === 'string' && value.includes(',')
        ? value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean)
        : [value];
    const next: Record<string, unknown>[] = [];
    for (const context of contexts) {
      for (const v of values) {
        const copy: Record<string, unknown> = {
          ...context,
          properties: { ...((context.properties as object) ?? {}) },
        };
        if (path.length === 2) (copy.properties as Record<string, unknown>)[path[1]!] = v;
        else copy[path[0]!] = v;
        next.push(copy);
      }
    }
    contexts = next;
    if (contexts.length > MAX_CONTEXTS) {
      throw new BadDataError(
        `The context expands to more than ${MAX_CONTEXTS} combinations; use fewer comma-separated values`,
        [{ message: `more than ${MAX_CONTEXTS} context combinations`, path: '/body/context' }],
      );
    }
  }
  return contexts.map((context) => {
    const props = context.properties as Record<string, unknown>;
    if (props && !Object.keys(props).length) delete context.properties;
    return context;
  });
}

export type PlaygroundResult = { explanation: FlagExplanation; project: string; knownStrategies: boolean };

/** Whether a strategy's outcome is certain: a custom strategy whose constraints hold cannot be decided here. */
export const strategyResult = (strategy: StrategyExplanation): boolean | 'unknown' =>
  !strategy.known && strategy.constraintsResult && strategy.segmentsResult ? 'unknown' : strategy.result;

/** How many evaluations run between two yields to the event loop: well under 100 ms of work at any flag size. */
const EVALUATIONS_PER_SLICE = 2_000;

/**
 * Compiles only what explaining the selected flags reads: they and, transitively, the flags they depend on (an
 * explanation reports whether each parent is on). The rest of the environment is never evaluated, so compiling it
 * would be a third of the playground's time at 1,000 flags (decision record 0041, "Measured").
 */
type EnvironmentState = Awaited<ReturnType<typeof loadEnvironmentState>>;

export function compileSelected(
  state: EnvironmentState,
  selected: readonly EnvironmentState['features'][number][],
): CompiledSnapshot {
  const byName = new Map(state.features.map((flag) => [flag.name, flag]));
  const needed = new Set<string>();
  const visit = [...selected];
  for (let flag = visit.pop(); flag; flag = visit.pop()) {
    if (needed.has(flag.name)) continue;
    needed.add(flag.name);
    for (const dependency of flag.dependencies ?? []) {
      const parent = byName.get(dependency.feature);
      if (parent) visit.push(parent);
    }
  }
  return compileSnapshot({
    features: state.features.filter((flag) => needed.has(flag.name)),
    segments: state.segments,
  } as never);
}

export function createPlaygroundService(db: Db, limits: { maxEvaluations: number }) {
  const environmentExists = async (name: string) =>
    (await db.query('SELECT 1 FROM environments WHERE name = $1', [name])).length > 0;

  const history = createHistoryService(db);

  /** One environment's flags (now, or as SDKs were served them at `at`), compiled once for every context. */
  const prepare = async (
    environment: string,
    projects: '*' | string[],
    hidden: readonly string[],
    at?: string,
  ) => {
    if (
      at !== undefined &&
      !(await environmentExists(environment)) &&
      !(await history.beginning(environment))
    ) {
      throw new BadDataError(`Environment "${environment}" does not exist`, [
        { message: `environment "${environment}" does not exist`, path: '/body/environment' },
      ]);
    }
    if (at === undefined && !(await environmentExists(environment))) {
      throw new BadDataError(`Environment "${environment}" does not exist`, [
        { message: `environment "${environment}" does not exist`, path: '/body/environment' },
      ]);
    }
    const state =
      at === undefined
        ? await loadEnvironmentState(db, environment, { withDisabledStrategies: true })
        : (await stateAtField(history, environment, at, '/body/at')).full;
    const selected = state.features.filter(
      (flag) => (projects === '*' || projects.includes(flag.project)) && !hidden.includes(flag.project),
    );
    const snapshot = compileSelected(state, selected);
    return { environment, snapshot, selected };
  };

  return {
    /**
     * Explains every flag of the selected projects in each environment, for each context. The whole request is
     * counted first (flags × environments × contexts) and refused past the limit, then evaluated in slices that
     * yield to the event loop, so no request can stall the others.
     */
    /** `hidden`: private projects the caller is no member of, left out whatever `projects` says. */
    async evaluate(
      environments: string[],
      projects: '*' | string[],
      contexts: Record<string, unknown>[],
      hidden: readonly string[] = [],
      at?: string,
    ) {
      const prepared = [];
      for (const environment of new Set(environments))
        prepared.push(await prepare(environment, projects, hidden, at));
      const total = prepared.reduce((sum, p) => sum + p.selected.length * contexts.length, 0);
      if (total > limits.maxEvaluations) {
        const message =
          `The request asks for ${total} evaluations (flags × environments × contexts); the limit is ` +
          `${limits.maxEvaluations} (PLAYGROUND_MAX_EVALUATIONS): choose fewer projects, environments or values`;
        throw new BadDataError(message, [{ message, path: '/body' }]);
      }
      type Flag = (typeof prepared)[number]['selected'][number];
      const runs: {
        environment: string;
        raw: Record<string, unknown>;
        results: { flag: Flag; explanation: FlagExplanation }[];
      }[] = [];
      let sinceYield = 0;
      for (const { environment, snapshot, selected } of prepared) {
        for (const raw of contexts) {
          const context = toEvaluationContext({ environment, ...raw });
          runs.push({
            environment,
            raw,
            results: selected.map((flag) => ({ flag, explanation: snapshot.explain(flag.name, context) })),
          });
          sinceYield += selected.length;
          if (sinceYield >= EVALUATIONS_PER_SLICE) {
            sinceYield = 0;
            await setImmediate();
          }
        }
      }
      return runs;
    },
  };
}

export type PlaygroundService = ReturnType<typeof createPlaygroundService>;
