import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/db.ts';

/**
 * The outbox of deliveries. `enqueueDeliveries` runs inside the transaction that appends the event, so an event and
 * the deliveries it owes are committed together or not at all. The filter is addonReceives (addon.ts) in SQL.
 */
export async function enqueueDeliveries(
  db: Db,
  event: { id: number; type: string; project: string | null; environment: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO addon_deliveries (addon_id, event_id)
     SELECT a.id, $1 FROM addons a
      WHERE a.enabled AND $2 = ANY (a.events)
        AND ($3::text IS NULL OR cardinality(a.projects) = 0 OR '*' = ANY (a.projects) OR $3 = ANY (a.projects))
        AND ($4::text IS NULL OR cardinality(a.environments) = 0 OR '*' = ANY (a.environments) OR $4 = ANY (a.environments))
     ORDER BY a.id`,
    [event.id, event.type, event.project, event.environment],
  );
}

export type ClaimedDelivery = {
  id: number;
  addonId: number;
  eventId: number;
  attempts: number;
  claimToken: string;
};

/**
 * Claims up to `limit` due deliveries, at most one per addon and only the oldest pending one of each, so an addon's
 * events go out in order. The oldest pending delivery is looked up once per addon (an index probe each), so a claim
 * costs the same with 10 or 10,000 deliveries waiting. FOR UPDATE SKIP LOCKED lets several processes claim at once without waiting for or taking
 * each other's rows; the claim is committed at once (the request is sent outside any transaction, so a slow receiver
 * holds no lock and no connection) and runs out after `claimSeconds`, when a process that died mid-send is retried.
 */
export async function claimDueDeliveries(
  db: Db,
  limit: number,
  claimSeconds: number,
): Promise<ClaimedDelivery[]> {
  const token = randomUUID();
  const rows = await db.query<{ id: string; addon_id: number; event_id: number; attempts: number }>(
    `UPDATE addon_deliveries d
        SET claimed_until = now() + make_interval(secs => $2), claim_token = $3, attempts = d.attempts + 1
      WHERE d.id IN (
        SELECT h.id FROM addons a
         CROSS JOIN LATERAL (
           SELECT x.id FROM addon_deliveries x
            WHERE x.addon_id = a.id AND x.state = 'pending'
            ORDER BY x.id LIMIT 1) head
          JOIN addon_deliveries h ON h.id = head.id
         WHERE a.enabled AND h.state = 'pending'
           AND h.next_attempt_at <= now()
           AND (h.claimed_until IS NULL OR h.claimed_until < now())
         ORDER BY h.id LIMIT $1
         FOR UPDATE OF h SKIP LOCKED)
      RETURNING d.id::text AS id, d.addon_id, d.event_id, d.attempts`,
    [limit, claimSeconds, token],
  );
  return rows
    .map((row) => ({
      id: Number(row.id),
      addonId: row.addon_id,
      eventId: row.event_id,
      attempts: row.attempts,
      claimToken: token,
    }))
    .sort((a, b) => a.id - b.id);
}

export type AttemptOutcome = {
  state: 'success' | 'failed' | 'successWithErrors';
  stateDetails: string;
  details: Record<string, unknown>;
};

/**
 * Records one attempt in the delivery log and moves the delivery on: done, retried after `retryDelayMs` doubled per
 * earlier attempt, or given up on after `maxAttempts`. A claim another process took over meanwhile changes nothing.
 */
export async function recordAttempt(
  db: Db,
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  retry: { maxAttempts: number; retryDelayMs: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const failed = outcome.state === 'failed';
    const finalState = !failed ? 'success' : delivery.attempts >= retry.maxAttempts ? 'failed' : 'pending';
    const delayMs = retry.retryDelayMs * 2 ** (delivery.attempts - 1);
    const updated = await tx.query(
      `UPDATE addon_deliveries
          SET state = $3, claimed_until = NULL, claim_token = NULL,
              next_attempt_at = now() + make_interval(secs => $4)
        WHERE id = $1 AND claim_token = $2 RETURNING id`,
      [delivery.id, delivery.claimToken, finalState, delayMs / 1000],
    );
    if (updated.length === 0) return;
    const details = {
      ...outcome.details,
      attempt: delivery.attempts,
      ...(finalState === 'pending' ? { nextAttemptInMs: delayMs } : {}),
    };
    await tx.query(
      `INSERT INTO addon_delivery_attempts (delivery_id, addon_id, event_id, state, state_details, details)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        delivery.id,
        delivery.addonId,
        delivery.eventId,
        outcome.state,
        outcome.stateDetails,
        JSON.stringify(details),
      ],
    );
  });
}
