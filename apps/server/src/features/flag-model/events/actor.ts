import { actorName, actorUserId, type Principal } from '../../../http/auth.ts';

/** Who made a change, as recorded in its event. */
export type Actor = { name: string; userId: number | null };

export function actorOf(request: { principal?: Principal }): Actor {
  return { name: actorName(request.principal), userId: actorUserId(request.principal) };
}
