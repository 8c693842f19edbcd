import type { EdgeToken, Upstream } from './edge-upstream.ts';

/** How long a token the upstream refused is refused without asking again. */
const REFUSED_MS = 10_000;
const MAX_REFUSED = 10_000;

/**
 * The tokens the edge knows: given at start (TOKENS), kept in the snapshot, or validated upstream on first use.
 * Concurrent first uses of one token make one upstream request.
 */
export function createEdgeTokens(deps: {
  upstream: Pick<Upstream, 'validate'>;
  now?: () => number;
  /** Ask about a known token again after this long (a server's workers; an edge keeps them). */
  maxAgeMs?: number;
}) {
  const now = deps.now ?? Date.now;
  const entries = new Map<string, EdgeToken>();
  const learnt = new Map<string, number>();
  /** A known token that has neither expired nor grown too old to trust without asking again. */
  const current = (secret: string): EdgeToken | undefined => {
    const token = entries.get(secret);
    if (!token) return undefined;
    const stale = deps.maxAgeMs !== undefined && now() - (learnt.get(secret) ?? 0) > deps.maxAgeMs;
    if (!stale && (token.expiresAt === undefined || token.expiresAt > now())) return token;
    entries.delete(secret);
    learnt.delete(secret);
    return undefined;
  };
  const refused = new Map<string, number>();
  const pending = new Map<string, Promise<EdgeToken | undefined>>();
  const listeners = new Set<(token: EdgeToken) => void>();

  const add = (tokens: EdgeToken[]) => {
    for (const token of tokens) {
      if (token.type !== 'client' && token.type !== 'frontend') continue;
      const isNew = !entries.has(token.token);
      entries.set(token.token, token);
      learnt.set(token.token, now());
      refused.delete(token.token);
      if (isNew) for (const listener of listeners) listener(token);
    }
  };

  return {
    add,
    all(): EdgeToken[] {
      return [...entries.keys()].flatMap((secret) => current(secret) ?? []);
    },
    known(secret: string): EdgeToken | undefined {
      return current(secret);
    },
    /** Asks the upstream about tokens in one request; the valid ones are kept. Throws when it cannot be reached. */
    async validate(secrets: string[]): Promise<EdgeToken[]> {
      const valid = await deps.upstream.validate(secrets);
      add(valid);
      const validSet = new Set(valid.map((token) => token.token));
      for (const secret of secrets) {
        if (validSet.has(secret)) continue;
        if (refused.size >= MAX_REFUSED) refused.clear();
        refused.set(secret, now() + REFUSED_MS);
      }
      return valid;
    },
    /** A known token, else the upstream's verdict; undefined when invalid. Throws when the upstream is unreachable. */
    resolve(secret: string): Promise<EdgeToken | undefined> | EdgeToken | undefined {
      const token = current(secret);
      if (token) return token;
      const until = refused.get(secret);
      if (until !== undefined && until > now()) return undefined;
      let lookup = pending.get(secret);
      if (!lookup) {
        lookup = this.validate([secret])
          .then((valid) => valid.find((each) => each.token === secret))
          .finally(() => pending.delete(secret));
        pending.set(secret, lookup);
      }
      return lookup;
    },
    /** Forgets every token and refusal, so each is asked about again (a server's worker, after any change). */
    forget(): void {
      entries.clear();
      learnt.clear();
      refused.clear();
    },
    /** Calls listener for every token learnt from now on. */
    onNew(listener: (token: EdgeToken) => void): void {
      listeners.add(listener);
    },
  };
}

export type EdgeTokens = ReturnType<typeof createEdgeTokens>;
