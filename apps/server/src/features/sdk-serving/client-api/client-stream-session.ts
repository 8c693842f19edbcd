import { diffStates, toSentState, type DeltaEvent } from './client-delta.ts';
import type { ClientSelection } from './client-payload.ts';

/** What one SDK is served at a moment: the flags its query selects and the segments they use (client-payload.ts). */
export type StreamSnapshot = ClientSelection;

/** The delta API's first event: the whole selection. */
export const hydration = ({ revisionId, features, segments }: StreamSnapshot): DeltaEvent => ({
  eventId: revisionId,
  type: 'hydration',
  features,
  segments,
});

/** One server-sent event as written on the wire. */
export const sseMessage = (event: string, id: number, data: unknown): string =>
  `event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The messages of one SDK's stream, whoever holds the state (the server's cache or an edge's memory): first
 * `unleash-connected` with a hydration, then `unleash-updated` with what changed since the last message sent.
 */
export function createStreamSession(first: StreamSnapshot) {
  let sent = toSentState(first.features, first.segments);
  return {
    connected: sseMessage('unleash-connected', first.revisionId, { events: [hydration(first)] }),
    /** The message that brings the SDK to `next`, or undefined when nothing it sees changed. */
    next(next: StreamSnapshot): string | undefined {
      const { events, after } = diffStates(sent, next.features, next.segments, next.revisionId);
      sent = after;
      return events.length ? sseMessage('unleash-updated', next.revisionId, { events }) : undefined;
    },
  };
}
