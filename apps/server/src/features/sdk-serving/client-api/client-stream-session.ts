import type { DeltaEvent } from './client-delta.ts';
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
