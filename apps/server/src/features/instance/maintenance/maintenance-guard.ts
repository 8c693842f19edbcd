import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/db.ts';
import { MaintenanceError } from '../../../http/errors.ts';
import { MAINTENANCE_MESSAGE } from '../../flag-model/events/write-gate.ts';
import { createMaintenanceStore } from './maintenance-store.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Writes that change no shared state: checks, exports and the playground, and what the admin UI records about
 * itself (its errors, which splash screens and feedback prompts a user has seen).
 */
const READ_ONLY_POSTS = new Set([
  'exportFeatures',
  'getPlayground',
  'getAdvancedPlayground',
  'toggleMaintenance',
  'uiObservability',
  'updateSplashSettings',
  'createFeedback',
  'updateFeedback',
]);

/** Whether a request would change something through the Admin API (or sign someone up): what maintenance mode stops. */
export function changesAdminState(
  request: Pick<FastifyRequest, 'method' | 'url'>,
  operationId?: string,
): boolean {
  if (operationId === 'addPublicSignupTokenUser') return true;
  if (!WRITES.has(request.method) || !request.url.startsWith('/api/admin/')) return false;
  if (operationId && (operationId.startsWith('validate') || READ_ONLY_POSTS.has(operationId))) return false;
  return true;
}

/**
 * A preHandler for every route: in maintenance mode, Admin API changes get a 503 and change nothing. SDKs keep
 * reading flags and reporting usage, people keep signing in and reading everything.
 */
export function maintenanceGuard(db: Db) {
  const store = createMaintenanceStore(db);
  return async (request: FastifyRequest): Promise<void> => {
    const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (!changesAdminState(request, operationId)) return;
    if (await store.enabled()) throw new MaintenanceError(MAINTENANCE_MESSAGE);
  };
}
