import type { Db } from '../../../db/db.ts';
import { spellOutMentionsIn } from '../../../http/project-mention.ts';
import type { Keyring } from '../../../db/sealed-secrets.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import type { Addon } from './addon.ts';
import {
  claimDueDeliveries,
  recordAttempt,
  type AttemptOutcome,
  type ClaimedDelivery,
} from './addon-outbox.ts';
import { providerNamed, type SendContext } from './addon-providers.ts';
import { openParameters } from './addon-secrets.ts';
import { createAddonStore } from './addon-store.ts';
import type { OutboundPolicy } from './outbound-guard.ts';
import { sendOutbound } from './outbound-request.ts';
import type { SwitchyardEvent } from '../../flag-model/events/event.ts';

export type DeliveryWorkerOptions = {
  intervalMs: number;
  /** Delay before the first retry, doubled for each further one. */
  retryDelayMs: number;
  /** Attempts in all before a delivery is given up on. */
  maxAttempts: number;
  /** Deadline of one request. */
  timeoutMs: number;
  policy: OutboundPolicy;
  context: SendContext;
  /** Opens the addon's sealed parameters, here only, to build the requests. */
  secrets: Keyring;
  onError?: (error: unknown) => void;
};

/** Deliveries sent at once, each to a different addon. */
const BATCH = 10;

/** Sends one delivery: builds its requests with the provider and sends them under the policy, the first failure ends it. */
export async function deliver(
  addon: Addon | undefined,
  event: SwitchyardEvent | undefined,
  options: Pick<DeliveryWorkerOptions, 'policy' | 'timeoutMs' | 'context' | 'secrets'>,
  signal: AbortSignal,
): Promise<AttemptOutcome> {
  const provider = addon && providerNamed(addon.provider);
  if (!addon || !event || !provider)
    return {
      state: 'failed',
      stateDetails: 'The integration, its provider or the event no longer exists',
      details: {},
    };
  let parameters;
  try {
    parameters = openParameters(options.secrets, addon);
  } catch (error) {
    return { state: 'failed', stateDetails: (error as Error).message, details: {} };
  }
  let outgoing;
  try {
    // Integrations are an admin's: projects a message names are written out in full (http/project-mention.ts).
    outgoing = provider.build(spellOutMentionsIn(event), parameters, options.context);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { state: 'failed', stateDetails: `Could not build the request: ${reason}`, details: {} };
  }
  const statuses: number[] = [];
  for (const request of outgoing.requests) {
    let result;
    try {
      result = await sendOutbound(options.policy, request, options.timeoutMs, signal);
    } catch (error) {
      result = { ok: false as const, reason: error instanceof Error ? error.message : String(error) };
    }
    if (!result.ok) {
      return {
        state: 'failed',
        stateDetails: `${provider.displayName}: ${result.reason}`,
        details: { status: result.status ?? null, sent: statuses.length, requests: outgoing.requests.length },
      };
    }
    statuses.push(result.status);
  }
  const warnings = outgoing.warnings;
  return {
    state: warnings.length ? 'successWithErrors' : 'success',
    stateDetails: warnings.length
      ? `${provider.displayName}: sent, but ${warnings.join('; ')}`
      : `${provider.displayName}: sent (${statuses.join(', ') || 'nothing to send'})`,
    details: { status: statuses.at(-1) ?? null, requests: outgoing.requests.length },
  };
}

/**
 * Sends the outbox, every `intervalMs`; set up once when the app is built. Each poll claims the oldest due delivery
 * of each addon not already in flight and sends it outside any transaction, up to BATCH at once; a claimed
 * delivery's addon is skipped by later claims until it is recorded, so one slow receiver delays only its own addon.
 */
export function createAddonDeliveryWorker(db: Db, options: DeliveryWorkerOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  // Stopping cuts requests in flight short: they are recorded as failed and retried, by this or another process.
  let stopping = new AbortController();
  // Longer than the few requests one delivery makes can take; a crashed process's deliveries wait this long.
  const claimSeconds = Math.ceil((options.timeoutMs * 4) / 1000) + 5;

  async function sendOne(delivery: ClaimedDelivery): Promise<void> {
    const addon = await createAddonStore(db).get(delivery.addonId);
    const [event] = await createEventStore(db).byIds([delivery.eventId]);
    const outcome = await deliver(addon, event, options, stopping.signal);
    await recordAttempt(db, delivery, outcome, options);
  }

  function track(delivery: ClaimedDelivery): void {
    const sending: Promise<void> = sendOne(delivery)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        inFlight.delete(sending);
        // A recorded delivery may free the next one of its addon: look again without waiting for the timer.
        if (!stopped) kick();
      });
    inFlight.add(sending);
  }

  /** Claims and starts what is due while there is room; returns once nothing more is due. */
  async function tick(): Promise<void> {
    try {
      while (!stopped && inFlight.size < BATCH) {
        const claimed = await claimDueDeliveries(db, BATCH - inFlight.size, claimSeconds);
        if (claimed.length === 0) break;
        for (const delivery of claimed) track(delivery);
      }
    } catch (error) {
      options.onError?.(error);
    }
  }

  function kick(): void {
    running ??= tick().finally(() => (running = undefined));
  }

  return {
    /** Sends everything due now and waits until it is recorded; tests call it instead of waiting for the timer. */
    async drain(): Promise<void> {
      await tick();
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    start(): void {
      stopped = false;
      stopping = new AbortController();
      timer = setInterval(kick, options.intervalMs);
      timer.unref();
    },
    /** Stops claiming, cuts the requests in flight short and waits until they are recorded for a retry. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      stopping.abort();
      await running;
      await Promise.all([...inFlight]);
    },
  };
}
