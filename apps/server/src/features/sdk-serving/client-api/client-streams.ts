/** One SDK's open server-sent-event response, as the streaming route hands it over. */
export type ClientStream = {
  /** Writes raw event-stream text. */
  write(text: string): void;
  /** Sends the SDK what changed since its last update; never rejects. */
  update(): Promise<void>;
  /** Ends the response, so the SDK reconnects (to this server's successor, or another one). */
  end(): void;
};

export type ClientStreams = ReturnType<typeof createClientStreams>;

/**
 * Every open SDK stream, tracked by one object made when the app is built. Its timers and its one change
 * subscription are shared by all streams, so a connection registers nothing; `endAll()` on app close ends each
 * stream, because the HTTP server's close waits for every open response and a stream never ends by itself.
 */
export function createClientStreams(options: { heartbeatMs?: number; coalesceMs?: number } = {}) {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  /** Changes arriving close together go out as one update. */
  const coalesceMs = options.coalesceMs ?? 50;
  const open = new Set<ClientStream>();
  let heartbeat: NodeJS.Timeout | undefined;
  let pending: NodeJS.Timeout | undefined;
  let ended = false;

  const stopTimers = () => {
    clearInterval(heartbeat);
    heartbeat = undefined;
    clearTimeout(pending);
    pending = undefined;
  };

  return {
    /** Tracks a stream until the returned function is called (when its connection closes). */
    add(stream: ClientStream): () => void {
      // A stream whose first snapshot was still loading when the app began closing.
      if (ended) {
        stream.end();
        return () => {};
      }
      open.add(stream);
      heartbeat ??= setInterval(() => {
        for (const each of open) each.write(': keep-alive\n\n');
      }, heartbeatMs).unref();
      return () => {
        open.delete(stream);
        if (open.size === 0) stopTimers();
      };
    },
    /** Something changed: every stream gets its update once the burst is over. */
    changed(): void {
      if (open.size === 0 || ended) return;
      pending ??= setTimeout(() => {
        pending = undefined;
        for (const stream of open) void stream.update();
      }, coalesceMs).unref();
    },
    /** Ends every stream and refuses new ones: for app close. */
    endAll(): void {
      ended = true;
      stopTimers();
      for (const stream of open) stream.end();
      open.clear();
    },
    get size(): number {
      return open.size;
    },
  };
}
