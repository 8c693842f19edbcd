import {
  compileSnapshot,
  type Context,
  type FlagExplanation,
  type StrategyExplanation,
} from '@switchyard/evaluation';
import type { Db } from '../../db/db.ts';
import { BadDataError } from '../../http/errors.ts';
import { loadEnvironmentState } from '../client-api/environment-state-store.ts';

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

export function createPlaygroundService(db: Db) {
  const environmentExists = async (name: string) =>
    (await db.query('SELECT 1 FROM environments WHERE name = $1', [name])).length > 0;
  return {
    /** Explains every flag of the selected projects in one environment, for each context. */
    async evaluate(environment: string, projects: '*' | string[], contexts: Record<string, unknown>[]) {
      if (!(await environmentExists(environment))) {
        throw new BadDataError(`Environment "${environment}" does not exist`, [
          { message: `environment "${environment}" does not exist`, path: '/body/environment' },
        ]);
      }
      const state = await loadEnvironmentState(db, environment, { withDisabledStrategies: true });
      const snapshot = compileSnapshot({ features: state.features, segments: state.segments } as never);
      const selected = state.features.filter((flag) => projects === '*' || projects.includes(flag.project));
      return contexts.map((raw) => {
        const context = toEvaluationContext({ environment, ...raw });
        return {
          raw,
          results: selected.map((flag) => ({ flag, explanation: snapshot.explain(flag.name, context) })),
        };
      });
    },
  };
}
