import { diffStates, toSentState, type SentState } from './client-delta.ts';
import { hydration, sseMessage, type StreamSnapshot } from './client-stream-session.ts';

/** One SDK's open server-sent-event response, as the streaming route hands it over. */
export type StreamTarget = {
  /** Writes bytes; the same buffer goes to every stream that gets the message. */
  write(chunk: Buffer): void;
  /** Bytes written but not yet taken by the socket: what a reader that stopped reading makes this process hold. */
  buffered(): number;
  /** Ends the response, so the SDK reconnects (to this server's successor, or another one). */
  end(): void;
  /** Drops the connection at once: the SDK reads too slowly to keep up and reconnects to a fresh hydration. */
  destroy(): void;
};

/** Where a channel's next state comes from: the serving state's (or cache's) memoised selection for its query. */
export type LoadSnapshot = () => StreamSnapshot | undefined | Promise<StreamSnapshot | undefined>;

export type ClientStreams = ReturnType<typeof createClientStreams>;

/** What a group of streams was last sent, shared by all of them: one copy whatever the number of streams. */
type Base = { revisionId: number; sent: SentState; connected?: Buffer };

/** The streams of one state and query: they see the same flags, so each message is built and serialised once. */
type Channel = {
  load: LoadSnapshot;
  members: Map<StreamTarget, Base>;
  latest: Base;
  updating: Promise<void>;
};

const HEARTBEAT = Buffer.from(': keep-alive\n\n');
/** A stream that holds more than this unsent is dropped; see decision record 0045. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

const baseOf = (snapshot: StreamSnapshot): Base => ({
  revisionId: snapshot.revisionId,
  sent: toSentState(snapshot.features, snapshot.segments),
});

/**
 * Every open SDK stream, tracked by one object made when the app is built (decision record 0045). Streams are
 * grouped in channels, one per served state and query: a change is diffed, serialised and turned into one buffer
 * per channel, and that buffer is written to each of its streams, so fan-out costs a socket write per stream and
 * no per-stream JSON. One heartbeat timer and one change subscription serve all streams. A stream whose socket
 * holds more than `maxBufferedBytes` unsent (a reader that stopped reading) is dropped rather than held: it never
 * delays the others and never grows this process's memory without bound. `endAll()` on app close ends each
 * stream, because the HTTP server's close waits for every open response and a stream never ends by itself.
 */
export function createClientStreams(
  options: { heartbeatMs?: number; coalesceMs?: number; maxBufferedBytes?: number } = {},
) {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  /** Changes arriving close together go out as one update. */
  const coalesceMs = options.coalesceMs ?? 50;
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const channels = new Map<string, Channel>();
  let count = 0;
  let dropped = 0;
  let heartbeat: NodeJS.Timeout | undefined;
  let pending: NodeJS.Timeout | undefined;
  let ended = false;

  const stopTimers = () => {
    clearInterval(heartbeat);
    heartbeat = undefined;
    clearTimeout(pending);
    pending = undefined;
  };

  const remove = (key: string, channel: Channel, target: StreamTarget) => {
    if (!channel.members.delete(target)) return;
    count--;
    if (channel.members.size === 0 && channels.get(key) === channel) channels.delete(key);
    if (count === 0) stopTimers();
  };

  /** Writes unless the stream is too far behind; then drops it (its 'close' removes it). */
  const send = (target: StreamTarget, chunk: Buffer): void => {
    if (target.buffered() > maxBuffered) {
      dropped++;
      target.destroy();
      return;
    }
    target.write(chunk);
  };

  const update = async (channel: Channel): Promise<void> => {
    const next = await channel.load();
    if (!next) return;
    const current = (base: Base) => base.revisionId === next.revisionId;
    if (current(channel.latest) && [...channel.members.values()].every(current)) return;
    const after = baseOf(next);
    const messages = new Map<Base, Buffer | null>();
    for (const [target, base] of channel.members) {
      let message = messages.get(base);
      if (message === undefined) {
        if (base.revisionId === next.revisionId) message = null;
        else {
          const { events } = diffStates(base.sent, next.features, next.segments, next.revisionId, after.sent);
          message = events.length
            ? Buffer.from(sseMessage('unleash-updated', next.revisionId, { events }))
            : null;
        }
        messages.set(base, message);
      }
      if (message) send(target, message);
      // A dropped stream may have left the channel already; setting it again would bring it back.
      if (channel.members.has(target)) channel.members.set(target, after);
    }
    channel.latest = after;
  };

  return {
    /**
     * Opens a stream on `channel` (the state key and query it is served) from `first`, the snapshot its request
     * loaded, and tracks it until the returned function is called (when its connection closes).
     */
    add(key: string, first: StreamSnapshot, load: LoadSnapshot, target: StreamTarget): () => void {
      // A stream whose first snapshot was still loading when the app began closing.
      if (ended) {
        target.end();
        return () => {};
      }
      let channel = channels.get(key);
      if (!channel) {
        channel = { load, members: new Map(), latest: baseOf(first), updating: Promise.resolve() };
        channels.set(key, channel);
      }
      let base = channel.latest;
      if (base.revisionId !== first.revisionId) {
        base = baseOf(first);
        if (first.revisionId > channel.latest.revisionId) channel.latest = base;
      }
      base.connected ??= Buffer.from(
        sseMessage('unleash-connected', first.revisionId, { events: [hydration(first)] }),
      );
      target.write(base.connected);
      channel.members.set(target, base);
      count++;
      heartbeat ??= setInterval(() => {
        for (const each of channels.values())
          for (const member of each.members.keys()) send(member, HEARTBEAT);
      }, heartbeatMs).unref();
      const joined = channel;
      return () => remove(key, joined, target);
    },
    /** Something changed: every channel builds its update once the burst is over and sends it to its streams. */
    changed(): void {
      if (count === 0 || ended) return;
      pending ??= setTimeout(() => {
        pending = undefined;
        // One update at a time per channel, so two quick changes never diff against the same base.
        for (const channel of channels.values())
          channel.updating = channel.updating.then(() => update(channel)).catch(() => undefined);
      }, coalesceMs).unref();
    },
    /** Ends every stream and refuses new ones: for app close. */
    endAll(): void {
      ended = true;
      stopTimers();
      for (const channel of channels.values()) for (const target of channel.members.keys()) target.end();
      channels.clear();
      count = 0;
    },
    /** Resolves once every update started so far is written (tests, benches). */
    async settled(): Promise<void> {
      await Promise.all([...channels.values()].map((channel) => channel.updating));
    },
    get size(): number {
      return count;
    },
    /** Streams dropped for reading too slowly since start. */
    get dropped(): number {
      return dropped;
    },
  };
}

/** A Node response as a stream target. */
export function responseTarget(response: {
  write(chunk: Buffer): boolean;
  end(): void;
  destroy(): void;
  writableLength: number;
  socket: { writableLength: number } | null;
}): StreamTarget {
  return {
    write: (chunk) => void response.write(chunk),
    buffered: () => response.writableLength + (response.socket?.writableLength ?? 0),
    end: () => response.end(),
    destroy: () => response.destroy(),
  };
}
