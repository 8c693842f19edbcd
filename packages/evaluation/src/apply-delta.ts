import type { ClientFeatures, DeltaEvent, FlagDefinition, Segment } from './types.ts';

/** The body of `GET /api/client/delta` or of a streaming `unleash-updated` message. */
export type DeltaPayload = { events: DeltaEvent[] };

/**
 * Applies delta API events, in order, to a client payload and returns a new payload; the input is not
 * changed. `hydration` replaces everything, the others upsert or remove one flag or segment. Order is
 * kept: an updated flag stays where it was and a new one goes last. Unknown event types are skipped.
 */
export function applyDelta(
  state: ClientFeatures | undefined,
  delta: DeltaPayload | readonly DeltaEvent[],
): ClientFeatures {
  const events = Array.isArray(delta) ? delta : (delta as DeltaPayload).events;
  const flags = new Map<string, FlagDefinition>((state?.features ?? []).map((flag) => [flag.name, flag]));
  const segments = new Map<number, Segment>((state?.segments ?? []).map((segment) => [segment.id, segment]));

  for (const event of events ?? []) {
    switch (event.type) {
      case 'hydration':
        flags.clear();
        segments.clear();
        for (const flag of event.features ?? []) flags.set(flag.name, flag);
        for (const segment of event.segments ?? []) segments.set(segment.id, segment);
        break;
      case 'feature-updated':
        flags.set(event.feature.name, event.feature);
        break;
      case 'feature-removed':
        flags.delete(event.featureName);
        break;
      case 'segment-updated':
        segments.set(event.segment.id, event.segment);
        break;
      case 'segment-removed':
        segments.delete(event.segmentId);
        break;
    }
  }
  return { ...state, features: [...flags.values()], segments: [...segments.values()] };
}
