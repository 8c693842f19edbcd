import { createFieldReader, rootId } from './context.ts';
import type { Context } from './types.ts';

/** Returns the id a rollout or variant hashes, or undefined when the context has none. */
export type StickinessReader = (context: Context) => string | undefined;

const noId: StickinessReader = () => undefined;

/** True for the two stickiness settings that may fall back to a random bucket. */
export function isBuiltInStickiness(stickiness: string | undefined): boolean {
  return stickiness === undefined || stickiness === '' || stickiness === 'default' || stickiness === 'random';
}

/**
 * Builds the reader for a stickiness setting. `default` tries userId, then sessionId, then (for
 * variants only, as the Node SDK does) remoteAddress; `random` never has an id; any other value names a
 * context field, root or property. An empty string is no id.
 */
export function createStickinessReader(
  stickiness: string | undefined,
  withRemoteAddress: boolean,
): StickinessReader {
  if (stickiness === 'random') return noId;
  if (!isBuiltInStickiness(stickiness)) {
    const read = createFieldReader(stickiness ?? '');
    return (context) => {
      const value = read(context);
      return value === '' ? undefined : value;
    };
  }
  return withRemoteAddress
    ? (context) =>
        rootId(context, 'userId') ?? rootId(context, 'sessionId') ?? rootId(context, 'remoteAddress')
    : (context) => rootId(context, 'userId') ?? rootId(context, 'sessionId');
}
