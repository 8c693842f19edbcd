import type { ClientFeature, ClientSegment, ClientStrategy, EnvironmentState } from './client-feature.ts';
import type { ClientQuery } from './client-query.ts';

/** The flags of one environment that a query selects, in stored order. */
function selectFeatures(state: EnvironmentState, query: ClientQuery): ClientFeature[] {
  const projects = query.project ? new Set(query.project) : undefined;
  const tags = query.tag?.map(([type, value]) => `${type}:${value}`);
  return state.features.filter(
    (feature) =>
      (!projects || projects.has(feature.project)) &&
      (!query.namePrefix || feature.name.startsWith(query.namePrefix)) &&
      (!tags || tags.some((tag) => state.tags.get(feature.name)?.includes(tag))),
  );
}

/** What one query is served from an environment's state: the flags it selects and the segments they use. */
export type ClientSelection = { revisionId: number; features: ClientFeature[]; segments: ClientSegment[] };

/**
 * The one rule for what a Client API answer holds, whatever answers it (Fastify, the fast path, a worker, an edge;
 * a poll, the delta API or a stream): the flags the query selects, and only the segments their strategies name
 * by id. A segment no served flag uses, a private project's above all, stays out (decision record 0024).
 */
export function selectForQuery(state: EnvironmentState, query: ClientQuery): ClientSelection {
  const features = selectFeatures(state, query);
  const used = new Set<number>();
  for (const feature of features)
    for (const strategy of feature.strategies) for (const id of strategy.segments ?? []) used.add(id);
  return {
    revisionId: state.revisionId,
    features,
    segments: state.segments.filter((segment) => used.has(segment.id)),
  };
}

/** For SDKs older than client spec 4.2.0: segment constraints appended to the strategy's own. */
function inlineSegments(features: ClientFeature[], segments: ClientSegment[]): ClientFeature[] {
  const byId = new Map(segments.map((segment) => [segment.id, segment]));
  return features.map((feature) => ({
    ...feature,
    strategies: feature.strategies.map((strategy): ClientStrategy => {
      if (!strategy.segments?.length) return strategy;
      const { segments: ids, ...rest } = strategy;
      return {
        ...rest,
        constraints: [...strategy.constraints, ...ids.flatMap((id) => byId.get(id)?.constraints ?? [])],
      };
    }),
  }));
}

export type ClientFeaturesBody = {
  version: 2;
  features: ClientFeature[];
  query: Record<string, unknown>;
  segments?: ClientSegment[];
  meta: { revisionId: number; etag: string; queryHash: string };
};

export function buildClientFeaturesBody(
  state: EnvironmentState,
  query: ClientQuery,
  hash: string,
  etag: string,
): ClientFeaturesBody {
  const { features, segments } = selectForQuery(state, query);
  const body: ClientFeaturesBody = {
    version: 2,
    features: query.inlineSegmentConstraints ? inlineSegments(features, segments) : features,
    query: { ...query },
    meta: { revisionId: state.revisionId, etag, queryHash: hash },
  };
  if (!query.inlineSegmentConstraints) body.segments = segments;
  return body;
}
