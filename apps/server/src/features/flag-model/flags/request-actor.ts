import type { FastifyRequest } from 'fastify';
import { actorName, actorUserId } from '../../../http/auth.ts';
import type { Actor } from './flag.ts';

/** Who is making the request, as events and favorites need it. */
export function actorOf(request: FastifyRequest): Actor {
  return { name: actorName(request.principal), userId: actorUserId(request.principal) };
}
