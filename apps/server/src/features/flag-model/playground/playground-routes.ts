import { hiddenProjects } from '../projects/hidden-projects.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import type { ConstraintExplanation, FlagExplanation } from '@switchyard/evaluation';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/db.ts';
import { describe, errorResponses } from '../../../http/operation.ts';
import type { ClientFeature } from '../../sdk-serving/client-api/client-feature.ts';
import {
  AdvancedPlaygroundBody,
  AdvancedPlaygroundResponse,
  PlaygroundBody,
  PlaygroundResponse,
} from './playground-schemas.ts';
import {
  createPlaygroundService,
  expandContexts,
  type PlaygroundService,
  strategyResult,
} from './playground-service.ts';

const toConstraint = (c: ConstraintExplanation) => ({
  ...c,
  values: c.values ?? [],
  inverted: Boolean(c.inverted),
  caseInsensitive: Boolean(c.caseInsensitive),
  contextValue: c.contextValue ?? null,
});

/** Unleash's playground shape, with Switchyard's extra `reason` and per-dependency results. */
export function toPlaygroundFeature(flag: ClientFeature, e: FlagExplanation) {
  const data = e.strategies.map((s) => ({
    name: s.name,
    id: s.id ?? '',
    title: s.title ?? null,
    disabled: s.disabled,
    parameters: s.parameters,
    result: {
      enabled: s.disabled ? false : strategyResult(s),
      evaluationStatus: (s.known ? 'complete' : 'incomplete') as 'complete' | 'incomplete',
      ...(e.winningStrategy === s.index ? { variant: e.variant } : {}),
    },
    constraints: s.constraints.map(toConstraint),
    segments: s.segments.map((g) => ({
      id: g.id,
      name: g.name ?? `segment ${g.id}`,
      result: g.result,
      constraints: g.constraints.map(toConstraint),
    })),
  }));
  const active = data.filter((s) => !s.disabled);
  const anyUnknown = active.some((s) => s.result.enabled === 'unknown');
  return {
    name: flag.name,
    projectId: flag.project,
    isEnabled: e.enabled,
    isEnabledInCurrentEnvironment: e.flagEnabled,
    isArchived: false,
    hasUnsatisfiedDependency: !e.dependenciesResult,
    reason: e.reason,
    strategies: {
      result: e.enabled
        ? true
        : anyUnknown
          ? ('unknown' as const)
          : active.some((s) => s.result.enabled === true),
      data,
    },
    dependencies: e.dependencies.map((d) => ({
      feature: d.feature,
      enabled: d.enabled,
      ...(d.variants ? { variants: d.variants } : {}),
      result: d.result,
      reason: d.failure ?? null,
    })),
    variant: e.variant,
    variants: flag.variants,
  };
}

/** The advanced playground's answer: every flag, per environment, per context. */
export async function advancedPlayground(
  service: PlaygroundService,
  body: Static<typeof AdvancedPlaygroundBody>,
  hidden: readonly string[],
) {
  const { environments, projects = '*', context, at } = body;
  const contexts = expandContexts(context as Record<string, unknown>);
  type Row = ReturnType<typeof toPlaygroundFeature> & {
    environment: string;
    context: Record<string, unknown>;
  };
  const byFlag = new Map<string, { name: string; projectId: string; environments: Record<string, Row[]> }>();
  for (const run of await service.evaluate(environments, projects, contexts, hidden, at)) {
    const { environment } = run;
    for (const { flag, explanation } of run.results) {
      const entry = byFlag.get(flag.name) ?? {
        name: flag.name,
        projectId: flag.project,
        environments: {},
      };
      (entry.environments[environment] ??= []).push({
        ...toPlaygroundFeature(flag, explanation),
        environment,
        context: run.raw,
      });
      byFlag.set(flag.name, entry);
    }
  }
  return { input: body, features: [...byFlag.values()] };
}

/** POST /api/admin/playground(/advanced): evaluate flags for a context and explain every result. */
export function playgroundRoutes(deps: {
  db: Db;
  config: Pick<Config, 'playgroundMaxEvaluations'>;
}): FastifyPluginAsyncTypebox {
  return async (app) => {
    const service = createPlaygroundService(deps.db, {
      maxEvaluations: deps.config.playgroundMaxEvaluations,
    });

    app.post(
      '/api/admin/playground',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Playground',
            'getPlayground',
            'Evaluate flags for a context',
            'Evaluates every flag of the chosen projects in one environment for the given context and explains each result strategy by strategy, constraint by constraint and segment by segment; with `at`, against the configuration SDKs were served at that instant (400 naming `at` for an instant before history begins). Changes nothing.',
          ),
          body: PlaygroundBody,
          response: { 200: PlaygroundResponse, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request) => {
        const { environment, projects = '*', context, at } = request.body;
        const hidden = await hiddenProjects(deps.db, request.access);
        const [run] = await service.evaluate([environment], projects, [context], hidden, at);
        return {
          input: request.body,
          features: run!.results.map(({ flag, explanation }) => toPlaygroundFeature(flag, explanation)),
        };
      },
    );

    app.post(
      '/api/admin/playground/advanced',
      {
        config: { auth: { permission: 'READ' } },
        schema: {
          ...describe(
            'Playground',
            'getAdvancedPlayground',
            'Evaluate flags across environments and contexts',
            'Like the playground, for several environments at once; a context field with comma-separated values (`userId: "1,2,3"`) is expanded into one context per value, up to 1,000 combinations. Environments named twice count once; a request of more evaluations (flags × environments × contexts) than the limit of the server (`PLAYGROUND_MAX_EVALUATIONS`, 20,000 by default) is refused with a 400. With `at`, evaluates against the configuration served at that instant.',
          ),
          body: AdvancedPlaygroundBody,
          response: { 200: AdvancedPlaygroundResponse, ...errorResponses(400, 401, 403, 415) },
        },
      },
      async (request) =>
        advancedPlayground(service, request.body, await hiddenProjects(deps.db, request.access)),
    );
  };
}
