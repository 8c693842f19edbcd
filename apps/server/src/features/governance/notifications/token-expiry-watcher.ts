import { EXPIRY_WARNING_DAYS } from '@switchyard/rules';
import type { Db } from '../../../db/db.ts';
import { createPeriodicTask } from '../../../db/periodic-task.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import { tokenEventProject } from '../../identity/index.ts';
import { maintenanceOn } from '../../flag-model/events/write-gate.ts';
import { createNotificationStore } from './notification-store.ts';

/** Who tells that a token is about to expire: nobody did anything, time did. */
const WATCHER: Actor = { name: 'Switchyard', userId: null };

export type ExpiryWarnings = { apiTokens: string[]; personalAccessTokens: number[] };

const days = (expiresAt: Date, now: Date) =>
  Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 86_400_000));

/**
 * Tells of every token that expires within EXPIRY_WARNING_DAYS (the admin UI's own rule, from @switchyard/rules) and
 * was not told of yet: an API token with an `api-token-expiring` event (integrations hear it) and a notification to
 * each Admin; a personal access token with a notification to its owner. The conditional UPDATE marks each token in
 * the same transaction, so with several processes each token is told once; changing its expiry clears the mark.
 * Maintenance mode pauses it, as it pauses every recorded change.
 */
export async function warnExpiringTokens(db: Db, now: Date): Promise<ExpiryWarnings> {
  if (await maintenanceOn(db)) return { apiTokens: [], personalAccessTokens: [] };
  return db.transaction(async (tx) => {
    const soon = [now, EXPIRY_WARNING_DAYS];
    const apiTokens = await tx.query<{
      token_name: string;
      type: string;
      environment: string;
      projects: string[];
      expires_at: Date;
    }>(
      `UPDATE api_tokens SET expiry_warned_at = $1
        WHERE expiry_warned_at IS NULL AND expires_at > $1 AND expires_at <= $1 + make_interval(days => $2)
        RETURNING token_name, type, environment, projects, expires_at`,
      soon,
    );
    const pats = await tx.query<{ id: number; user_id: number; description: string; expires_at: Date }>(
      `UPDATE personal_access_tokens SET expiry_warned_at = $1
        WHERE expiry_warned_at IS NULL AND expires_at > $1 AND expires_at <= $1 + make_interval(days => $2)
        RETURNING id, user_id, description, expires_at`,
      soon,
    );
    const notifications = createNotificationStore(tx);
    if (apiTokens.length > 0) {
      const admins = await tx.query<{ id: number }>(
        'SELECT id FROM users WHERE root_role_id = 1 AND deleted_at IS NULL',
      );
      const events = createEventStore(tx);
      for (const token of apiTokens.sort((a, b) => a.token_name.localeCompare(b.token_name))) {
        const expiresAt = token.expires_at.toISOString();
        await events.append({
          type: 'api-token-expiring',
          createdBy: WATCHER.name,
          project: tokenEventProject(token.projects),
          environment: token.environment === '*' ? null : token.environment,
          data: {
            tokenName: token.token_name,
            type: token.type,
            environment: token.environment,
            projects: token.projects,
            expiresAt,
          },
        });
        await notifications.notify(
          admins.map((admin) => admin.id),
          {
            type: 'token-expiry',
            message: `API token "${token.token_name}" expires in ${days(token.expires_at, now)} days (${expiresAt})`,
            link: '/api-tokens',
          },
          WATCHER,
        );
      }
    }
    for (const pat of pats)
      await notifications.notify(
        [pat.user_id],
        {
          type: 'token-expiry',
          message: `Your personal access token "${pat.description}" expires in ${days(pat.expires_at, now)} days`,
          link: '/profile/personal-api-tokens',
        },
        WATCHER,
      );
    return { apiTokens: apiTokens.map((t) => t.token_name), personalAccessTokens: pats.map((p) => p.id) };
  });
}

/** Looks at start and then every `intervalMs`, in every process (the rows decide who tells). */
export function createTokenExpiryWatcher(
  db: Db,
  options: { intervalMs: number; now?: () => Date; onError?: (error: unknown) => void },
) {
  const now = options.now ?? (() => new Date());
  return createPeriodicTask(() => warnExpiringTokens(db, now()), { ...options, atStart: true });
}
