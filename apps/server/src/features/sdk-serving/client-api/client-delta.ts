import type { ClientFeature, ClientSegment } from './client-feature.ts';

export type DeltaEvent =
  | { eventId: number; type: 'hydration'; features: ClientFeature[]; segments: ClientSegment[] }
  | { eventId: number; type: 'feature-updated'; feature: ClientFeature }
  | { eventId: number; type: 'feature-removed'; featureName: string; project: string }
  | { eventId: number; type: 'segment-updated'; segment: ClientSegment }
  | { eventId: number; type: 'segment-removed'; segmentId: number };

/** What one SDK connection was last sent, to compute the next delta from. */
export type SentState = {
  features: Map<string, { json: string; project: string }>;
  segments: Map<number, string>;
};

export function toSentState(features: ClientFeature[], segments: ClientSegment[]): SentState {
  return {
    features: new Map(features.map((f) => [f.name, { json: JSON.stringify(f), project: f.project }])),
    segments: new Map(segments.map((s) => [s.id, JSON.stringify(s)])),
  };
}

/** The events that take an SDK from `before` to the new state: changed and removed flags and segments. */
export function diffStates(
  before: SentState,
  features: ClientFeature[],
  segments: ClientSegment[],
  eventId: number,
  /** `toSentState(features, segments)`, when the caller has it already. */
  after: SentState = toSentState(features, segments),
): { events: DeltaEvent[]; after: SentState } {
  const events: DeltaEvent[] = [];
  for (const segment of segments) {
    if (before.segments.get(segment.id) !== after.segments.get(segment.id))
      events.push({ eventId, type: 'segment-updated', segment });
  }
  for (const feature of features) {
    if (before.features.get(feature.name)?.json !== after.features.get(feature.name)!.json) {
      events.push({ eventId, type: 'feature-updated', feature });
    }
  }
  for (const [name, { project }] of before.features) {
    if (!after.features.has(name))
      events.push({ eventId, type: 'feature-removed', featureName: name, project });
  }
  for (const id of before.segments.keys()) {
    if (!after.segments.has(id)) events.push({ eventId, type: 'segment-removed', segmentId: id });
  }
  return { events, after };
}
