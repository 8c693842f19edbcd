import { inTransaction, type Db } from '../../../db/db.ts';
import type { Keyring } from '../../../db/sealed-secrets.ts';
import { NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { MASK, type Addon, type AddonFields } from './addon.ts';
import { headerValueProblem, parseHeaders, type ProviderDefinition } from './addon-provider.ts';
import { providerNamed } from './addon-providers.ts';
import { sealParameters } from './addon-secrets.ts';
import { createAddonStore } from './addon-store.ts';
import { urlProblem, type OutboundPolicy } from './outbound-guard.ts';
import { renderMustache } from './render-mustache.ts';

/** An addon that breaks a rule; `field` names the property (`provider`, `parameters.url`, …). */
export class AddonRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export type AddonInput = {
  provider: string;
  description?: string | null;
  enabled: boolean;
  parameters: Record<string, string>;
  events: string[];
  projects?: string[];
  environments?: string[];
};

/** The addon without its parameters, as its events record it: secrets stay out of the event log. */
const withoutParameters = ({ parameters: _parameters, createdAt: _createdAt, ...rest }: Addon) => rest;

/** Checks the parameters; `kept` ones (stored, sealed) were checked when they were saved. */
async function checkParameters(
  provider: ProviderDefinition,
  parameters: Record<string, string>,
  kept: ReadonlySet<string>,
  policy: OutboundPolicy,
): Promise<void> {
  const known = new Set(provider.parameters.map((p) => p.name));
  for (const name of Object.keys(parameters)) {
    if (!known.has(name))
      throw new AddonRuleError(`parameters.${name}`, `"${name}" is not a parameter of ${provider.name}`);
  }
  const missing = provider.parameters.filter((p) => p.required && !parameters[p.name]?.trim());
  if (missing.length)
    throw new AddonRuleError(
      `parameters.${missing[0]!.name}`,
      `Missing required parameters: ${missing.map((p) => p.name).join(', ')}`,
    );
  for (const definition of provider.parameters) {
    const value = parameters[definition.name];
    if (value === undefined || value === '' || kept.has(definition.name)) continue;
    const field = `parameters.${definition.name}`;
    if (definition.type === 'url') {
      const problem = await urlProblem(policy, value.trim());
      if (problem) throw new AddonRuleError(field, `${definition.name} ${problem}`);
    } else if (definition.name === 'customHeaders') {
      const { problem } = parseHeaders(value);
      if (problem) throw new AddonRuleError(field, `customHeaders ${problem}`);
    } else if (definition.name === 'bodyTemplate') {
      try {
        renderMustache(value, { event: {}, eventJson: '', eventMarkdown: '' });
      } catch (error) {
        throw new AddonRuleError(field, `bodyTemplate cannot be rendered: ${(error as Error).message}`);
      }
    } else if (definition.type === 'text') {
      const problem = headerValueProblem(value);
      if (problem) throw new AddonRuleError(field, `${definition.name} has characters that cannot be sent`);
    }
  }
}

/** Integrations: create, change and delete them; every change is an event. Writes open their own transaction. */
export function createAddonService(db: Db, policy: OutboundPolicy, secrets: Keyring) {
  const addons = createAddonStore(db);
  const events = createEventStore(db);

  async function find(id: number): Promise<Addon> {
    const addon = await addons.get(id);
    if (!addon) throw new NotFoundError(`Could not find an integration with id ${id}`);
    return addon;
  }

  /**
   * Checks the input; a masked secret sent back keeps the stored value of the same provider. Secrets leave here
   * sealed: the service never opens one.
   */
  async function fields(input: AddonInput, before?: Addon): Promise<AddonFields> {
    const provider = providerNamed(input.provider);
    if (!provider)
      throw new AddonRuleError(
        'provider',
        `"${input.provider}" is not a provider; see the providers of GET /api/admin/addons`,
      );
    const parameters: Record<string, string> = {};
    const kept = new Set<string>();
    for (const [name, value] of Object.entries(input.parameters)) {
      const keep =
        value === MASK && before?.provider === input.provider && before.parameters[name] !== undefined;
      if (value === MASK && !keep)
        throw new AddonRuleError(
          `parameters.${name}`,
          `${name} is "${MASK}", which only keeps a value already saved`,
        );
      parameters[name] = keep ? before!.parameters[name]! : value;
      if (keep) kept.add(name);
    }
    await checkParameters(provider, parameters, kept, policy);
    const list = (values: string[] | undefined) => [
      ...new Set((values ?? []).map((v) => v.trim()).filter(Boolean)),
    ];
    return {
      provider: provider.name,
      description: input.description ?? null,
      enabled: input.enabled,
      parameters: sealParameters(secrets, provider.name, parameters, kept),
      events: list(input.events),
      projects: list(input.projects),
      environments: list(input.environments),
    };
  }

  const append = (tx: Db, type: string, actor: Actor, data: unknown, preData?: unknown) =>
    createEventStore(tx).append({
      type,
      createdBy: actor.name,
      createdByUserId: actor.userId,
      data,
      preData,
    });

  // Checks run before the transaction: a URL's DNS lookup must not hold the database.
  return {
    list: () => addons.list(),
    get: find,
    async create(input: AddonInput, actor: Actor): Promise<Addon> {
      const checked = await fields(input);
      return inTransaction(db, async (tx) => {
        const addon = await createAddonStore(tx).insert(checked);
        await append(tx, 'addon-config-created', actor, withoutParameters(addon));
        return addon;
      });
    },
    async update(id: number, input: AddonInput, actor: Actor): Promise<Addon> {
      const checked = await fields(input, await find(id));
      return inTransaction(db, async (tx) => {
        const store = createAddonStore(tx);
        const before = await store.get(id);
        if (!before) throw new NotFoundError(`Could not find an integration with id ${id}`);
        const after = await store.update(id, checked);
        await append(tx, 'addon-config-updated', actor, withoutParameters(after), withoutParameters(before));
        return after;
      });
    },
    async delete(id: number, actor: Actor): Promise<void> {
      await inTransaction(db, async (tx) => {
        const store = createAddonStore(tx);
        const addon = await store.get(id);
        if (!addon) throw new NotFoundError(`Could not find an integration with id ${id}`);
        await store.delete(id);
        await append(tx, 'addon-config-deleted', actor, null, withoutParameters(addon));
      });
    },
    async deliveryLog(id: number, limit: number, offset: number) {
      await find(id);
      const attempts = await addons.attempts(id, limit, offset);
      const byId = new Map(
        (await events.byIds([...new Set(attempts.map((a) => a.eventId))])).map((e) => [e.id, e]),
      );
      return attempts.map((attempt) => ({ attempt, event: byId.get(attempt.eventId) }));
    },
  };
}

export type AddonService = ReturnType<typeof createAddonService>;
