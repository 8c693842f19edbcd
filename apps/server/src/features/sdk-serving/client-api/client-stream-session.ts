import { diffStates, toSentState, type DeltaEvent } from './client-delta.ts';
import type { ClientFeature, EnvironmentState } from './client-feature.ts';

/** What one SDK is served at a moment: its environment's state and the flags its query selects from it. */
export type StreamSnapshot = { state: EnvironmentState; features: ClientFeature[] };

/** The delta API's first event: the whole selected state. */
export const hydration = ({ state, features }: StreamSnapshot): DeltaEvent => ({
  eventId: state.revisionId,
  type: 'hydration',
  features,
  segments: state.segments,
});

/** One server-sent event as written on the wire. */
export const sseMessage = (event: string, id: number, data: unknown): string =>
  `event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The messages of one SDK's stream, whoever holds the state (the server's cache or an edge's memory): first
 * `unleash-connected` with a hydration, then `unleash-updated` with what changed since the last message sent.
 */
export function createStreamSession(first: StreamSnapshot) {
  let sent = toSentState(first.features, first.state.segments);
  return {
    connected: sseMessage('unleash-connected', first.state.revisionId, { events: [hydration(first)] }),
    /** The message that brings the SDK to `next`, or undefined when nothing it sees changed. */
    next(next: StreamSnapshot): string | undefined {
      const { events, after } = diffStates(sent, next.features, next.state.segments, next.state.revisionId);
      sent = after;
      return events.length ? sseMessage('unleash-updated', next.state.revisionId, { events }) : undefined;
    },
  };
}
