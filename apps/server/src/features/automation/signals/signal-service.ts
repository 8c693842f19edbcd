import { inTransaction, type Db } from '../../../db/db.ts';
import {
  AuthenticationRequired,
  NameExistsError,
  NotFoundError,
  TooManyRequestsError,
} from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import {
  hashTokenSecret,
  newTokenSecret,
  type Signal,
  type SignalEndpoint,
  type SignalEndpointToken,
} from './signal.ts';
import { createSignalStore } from './signal-store.ts';

/** An input that breaks a rule; `field` names the property (`name`, …). */
export class SignalRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export type SignalLimits = {
  /** Signals each endpoint accepts per second (every process together). */
  ratePerSecond: number;
  endpoints: number;
  tokensPerEndpoint: number;
};

export type EndpointInput = { name: string; description?: string | null; enabled?: boolean };

const notFound = (id: number) => new NotFoundError(`Could not find a signal endpoint with id ${id}`);

/** Signal endpoints and their tokens (every change an event), and the signals they receive. */
export function createSignalService(db: Db, limits: SignalLimits) {
  const store = createSignalStore(db);

  const append = (tx: Db, type: string, actor: Actor, data: unknown, preData?: unknown) =>
    createEventStore(tx).append({
      type,
      createdBy: actor.name,
      createdByUserId: actor.userId,
      data,
      preData,
    });

  async function find(id: number): Promise<SignalEndpoint> {
    const endpoint = await store.endpoint(id);
    if (!endpoint) throw notFound(id);
    return endpoint;
  }

  async function withTokens(endpoints: SignalEndpoint[]) {
    const tokens = await store.tokens(endpoints.map((e) => e.id));
    return endpoints.map((endpoint) => ({
      endpoint,
      tokens: tokens.filter((t) => t.signalEndpointId === endpoint.id),
    }));
  }

  async function nameIsFree(tx: Db, name: string, id?: number) {
    const other = await createSignalStore(tx).endpointNamed(name);
    if (other && other.id !== id)
      throw new NameExistsError(`A signal endpoint named "${name}" already exists`);
  }

  const fields = (input: EndpointInput, before?: SignalEndpoint) => ({
    name: input.name,
    description: input.description === undefined ? (before?.description ?? null) : input.description,
    enabled: input.enabled ?? before?.enabled ?? true,
  });

  return {
    list: async () => withTokens(await store.endpoints()),
    async get(id: number) {
      return (await withTokens([await find(id)]))[0]!;
    },
    async create(input: EndpointInput, actor: Actor): Promise<SignalEndpoint> {
      return inTransaction(db, async (tx) => {
        const endpoints = createSignalStore(tx);
        if ((await endpoints.countEndpoints()) >= limits.endpoints)
          throw new SignalRuleError(
            'name',
            `There are already ${limits.endpoints} signal endpoints, the most allowed (SIGNAL_ENDPOINTS_LIMIT)`,
          );
        await nameIsFree(tx, input.name);
        const endpoint = await endpoints.insertEndpoint(fields(input), actor.userId);
        await append(tx, 'signal-endpoint-created', actor, endpoint);
        return endpoint;
      });
    },
    async update(id: number, input: EndpointInput, actor: Actor): Promise<SignalEndpoint> {
      return inTransaction(db, async (tx) => {
        const endpoints = createSignalStore(tx);
        const before = await endpoints.endpoint(id);
        if (!before) throw notFound(id);
        await nameIsFree(tx, input.name, id);
        const after = await endpoints.updateEndpoint(id, fields(input, before));
        await append(tx, 'signal-endpoint-updated', actor, after, before);
        return after;
      });
    },
    async setEnabled(id: number, enabled: boolean, actor: Actor): Promise<SignalEndpoint> {
      const before = await find(id);
      return this.update(id, { name: before.name, enabled }, actor);
    },
    async delete(id: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const endpoints = createSignalStore(tx);
        const before = await endpoints.endpoint(id);
        if (!before) throw notFound(id);
        await endpoints.deleteEndpoint(id);
        await append(tx, 'signal-endpoint-deleted', actor, null, before);
      });
    },
    async tokens(id: number): Promise<SignalEndpointToken[]> {
      await find(id);
      return store.tokens([id]);
    },
    /** A new token; its secret is returned this once and only its hash is kept. */
    async createToken(
      id: number,
      name: string,
      actor: Actor,
    ): Promise<{ token: SignalEndpointToken; secret: string }> {
      return inTransaction(db, async (tx) => {
        const endpoints = createSignalStore(tx);
        if (!(await endpoints.endpoint(id))) throw notFound(id);
        if ((await endpoints.tokens([id])).length >= limits.tokensPerEndpoint)
          throw new SignalRuleError(
            'name',
            `This endpoint already has ${limits.tokensPerEndpoint} tokens, the most allowed (SIGNAL_TOKENS_PER_ENDPOINT_LIMIT)`,
          );
        const secret = newTokenSecret();
        const token = await endpoints.insertToken(id, name, hashTokenSecret(secret), actor.userId);
        await append(tx, 'signal-endpoint-token-created', actor, token);
        return { token, secret };
      });
    },
    async renameToken(id: number, tokenId: number, name: string, actor: Actor): Promise<SignalEndpointToken> {
      return inTransaction(db, async (tx) => {
        const endpoints = createSignalStore(tx);
        const before = await endpoints.token(id, tokenId);
        if (!before) throw new NotFoundError(`Could not find token ${tokenId} of signal endpoint ${id}`);
        const after = await endpoints.renameToken(tokenId, name);
        await append(tx, 'signal-endpoint-token-updated', actor, after, before);
        return after;
      });
    },
    async deleteToken(id: number, tokenId: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const endpoints = createSignalStore(tx);
        const before = await endpoints.token(id, tokenId);
        if (!before) throw new NotFoundError(`Could not find token ${tokenId} of signal endpoint ${id}`);
        await endpoints.deleteToken(tokenId);
        await append(tx, 'signal-endpoint-token-deleted', actor, null, before);
      });
    },
    /**
     * Stores a signal sent to the endpoint `name` with `secret`: unknown or disabled endpoints are 404s, a wrong
     * secret a 401, more than the rate a 429. Acting on it is the signal processor's job.
     */
    async receive(
      name: string,
      secret: string | undefined,
      payload: Record<string, unknown> | null,
    ): Promise<Signal> {
      const endpoint = await store.endpointNamed(name);
      if (!endpoint || !endpoint.enabled)
        throw new NotFoundError(`Could not find an enabled signal endpoint named "${name}"`);
      const token = secret ? await store.tokenBySecret(endpoint.id, hashTokenSecret(secret)) : undefined;
      if (!token)
        throw new AuthenticationRequired(
          'Send one of this signal endpoint\'s tokens in the Authorization header: "Bearer <token>"',
        );
      if ((await store.countLastSecond(endpoint.id)) >= limits.ratePerSecond)
        throw new TooManyRequestsError(
          `Signal endpoint "${name}" accepts ${limits.ratePerSecond} signal(s) per second`,
          1,
        );
      return store.insertSignal(endpoint.id, token, payload);
    },
    signals: store.signals,
  };
}

export type SignalService = ReturnType<typeof createSignalService>;
