import type { ClientFeature, ClientSegment, ClientStrategy, EnvironmentState } from './client-feature.ts';
import type { ClientQuery } from './client-query.ts';

/** The flags of one environment that a query selects, in stored order. */
export function selectFeatures(state: EnvironmentState, query: ClientQuery): ClientFeature[] {
  const projects = query.project ? new Set(query.project) : undefined;
  const tags = query.tag?.map(([type, value]) => `${type}:${value}`);
  return state.features.filter(
    (feature) =>
      (!projects || projects.has(feature.project)) &&
      (!query.namePrefix || feature.name.startsWith(query.namePrefix)) &&
      (!tags || tags.some((tag) => state.tags.get(feature.name)?.includes(tag))),
  );
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
  const selected = selectFeatures(state, query);
  const body: ClientFeaturesBody = {
    version: 2,
    features: query.inlineSegmentConstraints ? inlineSegments(selected, state.segments) : selected,
    query: { ...query },
    meta: { revisionId: state.revisionId, etag, queryHash: hash },
  };
  if (!query.inlineSegmentConstraints) body.segments = state.segments;
  return body;
}
