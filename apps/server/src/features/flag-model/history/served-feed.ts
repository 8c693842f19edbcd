import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { NARROW_EVENT_TYPES } from './history.ts';

/**
 * The served feed (decision record 0063): every transaction that records served history also announces, on this
 * channel, what it changed in each environment, so that every server process updates the state it serves from the
 * message alone, without reading the database. Messages are numbered under the history lock (`served_feed`), and
 * PostgreSQL delivers notifications in commit order, so a process applies them in order and notices a gap.
 */
export const FEED_CHANNEL = 'switchyard_served_feed';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; the channel name does not count. */
const MAX_PAYLOAD_BYTES = 7_900;
const DEFLATED = 'z:';

/** An entry as recorded (`flag:<name>`, `segment:<id>`, `context:<name>`), null when it is no longer served. */
export type FeedChange = [key: string, value: unknown];

export type FeedMessage = {
  /** This message's number: one more than the previous message's. */
  position: number;
  /** The greatest event id of the transaction (0 with none): the served revision once applied. */
  revisionId: number;
  /** Every event of the transaction is a flag-level change (the recorder's narrow types). */
  flagsOnly: boolean;
  /** What changed, per environment recorded; an environment absent here did not change. */
  changes: Record<string, FeedChange[]>;
  /** The environments there are, when the transaction may have added or removed some. */
  environments?: string[];
  /** Too much changed to say here: read the database again. */
  reload?: true;
};

export const isFlagsOnly = (types: string[]): boolean =>
  types.length > 0 && types.every((type) => NARROW_EVENT_TYPES.has(type));

/** The payload text of a message: JSON, deflated when that fits and plain does not, or a reload when neither does. */
export function encodeFeedMessage(message: FeedMessage): string {
  const plain = JSON.stringify(message);
  if (Buffer.byteLength(plain) < MAX_PAYLOAD_BYTES) return plain;
  const deflated = DEFLATED + deflateRawSync(plain).toString('base64');
  if (deflated.length < MAX_PAYLOAD_BYTES) return deflated;
  const { changes: _changes, ...rest } = message;
  return JSON.stringify({ ...rest, changes: {}, reload: true } satisfies FeedMessage);
}

/** The message a payload carries, or undefined when it is not one (a process then reads the database again). */
export function decodeFeedMessage(payload: string): FeedMessage | undefined {
  try {
    const text = payload.startsWith(DEFLATED)
      ? inflateRawSync(Buffer.from(payload.slice(DEFLATED.length), 'base64')).toString()
      : payload;
    const message = JSON.parse(text) as FeedMessage;
    if (!Number.isSafeInteger(message?.position) || typeof message.changes !== 'object') return undefined;
    return message;
  } catch {
    return undefined;
  }
}
