import type { Actor } from '../../flag-model/events/actor.ts';
import type { SwitchyardEvent } from '../../flag-model/events/event.ts';
import type { Addon } from './addon.ts';
import { deliver, type DeliveryWorkerOptions } from './addon-delivery-worker.ts';
import type { AttemptOutcome } from './addon-outbox.ts';

/** The made-up change a test sends: someone enabling an example flag in production of the default project. */
export const testEvent = (actor: Actor): SwitchyardEvent => ({
  id: 0,
  type: 'feature-environment-enabled',
  createdAt: new Date(),
  createdBy: actor.name,
  createdByUserId: actor.userId,
  project: 'default',
  flagName: 'switchyard-test-event',
  environment: 'production',
  data: { name: 'switchyard-test-event', enabled: true, test: true },
  preData: { name: 'switchyard-test-event', enabled: false },
  tags: [],
  ip: null,
});

/**
 * Sends a test event to an integration now, while the caller waits (at most the request deadline), whatever its
 * event filters and even when it is disabled. Nothing is written: not an event, not a delivery, not a log row.
 */
export async function sendTestEvent(
  addon: Addon,
  actor: Actor,
  options: Pick<DeliveryWorkerOptions, 'policy' | 'timeoutMs' | 'context' | 'secrets'>,
): Promise<AttemptOutcome> {
  return deliver(addon, testEvent(actor), options, new AbortController().signal);
}
