import type { FastifyRequest } from 'fastify';
import type { AuthType } from './login-event.ts';
import type { LoginEventStore } from './login-event-store.ts';

/**
 * Records a sign-in attempt with the request's client address and user agent. A failure to record is logged and
 * never changes the answer: the login history must not become a way to stop people signing in.
 */
export function createLoginRecorder(store: LoginEventStore) {
  return async function record(
    request: FastifyRequest,
    attempt: { username: string | null; authType: AuthType; successful: boolean; failureReason?: string },
  ): Promise<void> {
    try {
      await store.record({
        username: attempt.username,
        authType: attempt.authType,
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
        successful: attempt.successful,
        failureReason: attempt.failureReason ?? null,
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not record a sign-in attempt');
    }
  };
}

export type LoginRecorder = ReturnType<typeof createLoginRecorder>;
