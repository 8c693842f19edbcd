import type { Db } from '../../../db/db.ts';
import { SIGNATURE_WINDOW_MS } from './edge-signature.ts';

/** Nonces of signed edge requests, shared by every process on the database so a replay is refused everywhere. */
export function createEdgeNonceStore(db: Db) {
  return {
    /** Records a nonce; false when it was used before and is still remembered (a replay). */
    async use(clientId: string, nonce: string): Promise<boolean> {
      await db.query('DELETE FROM edge_nonces WHERE expires_at < now()');
      // Remembered for twice the window: a timestamp up to the window ahead stays acceptable that long.
      const rows = await db.query(
        `INSERT INTO edge_nonces (client_id, nonce, expires_at)
         VALUES ($1, $2, now() + make_interval(secs => $3))
         ON CONFLICT (client_id, nonce) DO NOTHING RETURNING nonce`,
        [clientId, nonce, (2 * SIGNATURE_WINDOW_MS) / 1000],
      );
      return rows.length === 1;
    },
  };
}
