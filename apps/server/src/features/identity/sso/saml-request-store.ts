import type { CacheProvider } from '@node-saml/node-saml';
import type { Db } from '../../../db/db.ts';

/** How long the identity provider has to answer a sign-in request. */
export const SAML_REQUEST_MAX_AGE_MS = 10 * 60 * 1000;

/**
 * node-saml's memory of the requests it sent, in the database so any process can receive the answer. Made once
 * per sign-in answer: its first look-up of a request consumes the row, so an answer is accepted once, by one
 * process, even when it is posted twice at the same moment.
 */
export function createSamlRequestStore(db: Db): CacheProvider {
  const consumed = new Map<string, string | null>();
  return {
    async saveAsync(id, createdAt) {
      await db.query('DELETE FROM saml_requests WHERE expires_at < now()');
      await db.query(
        `INSERT INTO saml_requests (id, expires_at) VALUES ($1, now() + $2::int * interval '1 millisecond')`,
        [id, SAML_REQUEST_MAX_AGE_MS],
      );
      return { value: createdAt, createdAt: Date.now() };
    },
    async getAsync(id) {
      if (!consumed.has(id)) {
        const [row] = await db.query<{ id: string }>(
          'DELETE FROM saml_requests WHERE id = $1 AND expires_at > now() RETURNING id',
          [id],
        );
        // node-saml compares the value with the clock: the request's age is checked by expires_at already.
        consumed.set(id, row ? new Date().toISOString() : null);
      }
      return consumed.get(id) ?? null;
    },
    async removeAsync(id) {
      if (id) await db.query('DELETE FROM saml_requests WHERE id = $1', [id]);
      return id;
    },
  };
}
