import { createWindowBudget } from '../features/sdk-serving/edge-api/edge-rate-limit.ts';
import type { EdgeToken, Upstream } from './edge-upstream.ts';
import { createValidationBatches, MAX_BATCH } from './edge-validation.ts';

/** How long a token the upstream refused is refused without asking again. */
const REFUSED_MS = 10_000;
/** Refusals remembered at most; the oldest is forgotten first. */
const MAX_REFUSED = 10_000;

/**
 * The tokens the edge knows: given at start (TOKENS), kept in the snapshot, or validated upstream on first use.
 * What a flood of unknown tokens may cost the upstream is bounded here (decision record 0023): concurrent first uses
 * of one token make one request, new tokens go up in batches (edge-validation.ts), refusals are remembered for a
 * while, and each caller may have only so many tokens refused a minute.
 */
export function createEdgeTokens(deps: {
  upstream: Pick<Upstream, 'validate'>;
  now?: () => number;
  /** Ask about a known token again after this long (a server's workers; an edge keeps them). */
  maxAgeMs?: number;
  /** The least time between two validations upstream (0: the tokens that come in during one turn of the loop). */
  batchMs?: number;
  /** Tokens one caller (an address) may present that the upstream refuses, per window; unlimited without it. */
  refusalsPerCaller?: { limit: number; windowMs: number };
  refusedMs?: number;
  maxRefused?: number;
}) {
  const now = deps.now ?? Date.now;
  const refusedMs = deps.refusedMs ?? REFUSED_MS;
  const maxRefused = deps.maxRefused ?? MAX_REFUSED;
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
  /** Refused tokens and until when, oldest first (a Map keeps insertion order): a least-recently-refused cache. */
  const refused = new Map<string, number>();
  const refuse = (secret: string) => {
    refused.delete(secret);
    refused.set(secret, now() + refusedMs);
    if (refused.size > maxRefused) refused.delete(refused.keys().next().value!);
  };
  const refusedNow = (secret: string): boolean => {
    const until = refused.get(secret);
    if (until === undefined) return false;
    if (until > now()) return true;
    refused.delete(secret);
    return false;
  };
  const pending = new Map<string, Promise<EdgeToken | undefined>>();
  const listeners = new Set<(token: EdgeToken) => void>();
  const callers =
    deps.refusalsPerCaller && createWindowBudget({ ...deps.refusalsPerCaller, now, what: 'unknown tokens' });

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
  const heard = (secrets: string[], valid: EdgeToken[]) => {
    add(valid);
    const validSet = new Set(valid.map((token) => token.token));
    for (const secret of secrets) if (!validSet.has(secret)) refuse(secret);
  };
  const batches = createValidationBatches({
    validate: async (secrets) => {
      const valid = await deps.upstream.validate(secrets);
      heard(secrets, valid);
      return valid;
    },
    batchMs: deps.batchMs ?? 0,
    now,
  });

  return {
    add,
    all(): EdgeToken[] {
      return [...entries.keys()].flatMap((secret) => current(secret) ?? []);
    },
    known(secret: string): EdgeToken | undefined {
      return current(secret);
    },
    /**
     * Asks the upstream about tokens now, 100 a request (TOKENS at start); the valid ones are kept. Throws when it
     * cannot be reached.
     */
    async validate(secrets: string[]): Promise<EdgeToken[]> {
      const valid: EdgeToken[] = [];
      for (let i = 0; i < secrets.length; i += MAX_BATCH) {
        const some = secrets.slice(i, i + MAX_BATCH);
        const answer = await deps.upstream.validate(some);
        heard(some, answer);
        valid.push(...answer);
      }
      return valid;
    },
    /**
     * A known token, else the upstream's verdict; undefined when invalid. Rejects with UpstreamUnavailable while
     * the upstream cannot say, and with TooManyRequestsError when `caller` has had too many tokens refused.
     */
    resolve(secret: string, caller?: string): Promise<EdgeToken | undefined> | EdgeToken | undefined {
      const token = current(secret);
      if (token) return token;
      if (refusedNow(secret)) return undefined;
      let lookup = pending.get(secret);
      if (lookup) return lookup;
      if (callers && caller !== undefined) {
        try {
          callers.check(caller);
        } catch (error) {
          return Promise.reject(error as Error);
        }
        // Spent before asking, so concurrent tokens from one caller cannot all pass; a valid one comes back.
        callers.spend(caller);
      }
      lookup = batches.ask(secret).then(
        (valid) => {
          if (valid && callers && caller !== undefined) callers.refund(caller);
          return valid;
        },
        (error: unknown) => {
          if (callers && caller !== undefined) callers.refund(caller);
          throw error;
        },
      );
      pending.set(secret, lookup);
      void lookup.finally(() => pending.delete(secret)).catch(() => undefined);
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
