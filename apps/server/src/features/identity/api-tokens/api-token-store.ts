import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import type { ApiTokenType } from '../../../http/auth.ts';
import { NameExistsError } from '../../../http/errors.ts';
import { type ApiToken, hashSecret, maskSecret } from './api-token.ts';

type ApiTokenRow = {
  id: number;
  token_name: string;
  type: ApiTokenType;
  environment: string;
  projects: string[];
  display_secret: string;
  expires_at: Date | null;
  created_at: Date;
  seen_at: Date | null;
};

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  tokenName: row.token_name,
  type: row.type,
  environment: row.environment,
  projects: row.projects,
  displaySecret: row.display_secret,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  seenAt: row.seen_at,
});

export type NewApiToken = {
  secret: string;
  tokenName: string;
  type: ApiTokenType;
  environment: string;
  projects: string[];
  expiresAt: Date | null;
};

export function createApiTokenStore(db: Db) {
  return {
    async insert(token: NewApiToken): Promise<ApiToken> {
      try {
        const [row] = await db.query<ApiTokenRow>(
          `INSERT INTO api_tokens (secret_hash, display_secret, token_name, type, environment, projects, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
          [
            hashSecret(token.secret),
            maskSecret(token.secret),
            token.tokenName,
            token.type,
            token.environment,
            JSON.stringify(token.projects),
            token.expiresAt,
          ],
        );
        return toApiToken(row!);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new NameExistsError('An API token with that secret already exists');
        throw error;
      }
    },
    async findBySecret(secret: string): Promise<ApiToken | undefined> {
      const [row] = await db.query<ApiTokenRow>('SELECT * FROM api_tokens WHERE secret_hash = $1', [
        hashSecret(secret),
      ]);
      return row && toApiToken(row);
    },
    /** Finds a token by its full secret or by the masked secret that lists show. */
    async findByKey(key: string): Promise<ApiToken | undefined> {
      const [row] = await db.query<ApiTokenRow>(
        'SELECT * FROM api_tokens WHERE secret_hash = $1 OR display_secret = $2',
        [hashSecret(key), key],
      );
      return row && toApiToken(row);
    },
    async list(): Promise<ApiToken[]> {
      const rows = await db.query<ApiTokenRow>('SELECT * FROM api_tokens ORDER BY created_at, id');
      return rows.map(toApiToken);
    },
    /** A new expiry is told of again when it comes near (the expiry warning's mark is cleared). */
    async updateExpiry(id: number, expiresAt: Date | null): Promise<void> {
      await db.query('UPDATE api_tokens SET expires_at = $2, expiry_warned_at = NULL WHERE id = $1', [
        id,
        expiresAt,
      ]);
    },
    async delete(id: number): Promise<void> {
      await db.query('DELETE FROM api_tokens WHERE id = $1', [id]);
    },
    async markSeen(id: number): Promise<void> {
      await db.query('UPDATE api_tokens SET seen_at = now() WHERE id = $1', [id]);
    },
  };
}

export type ApiTokenStore = ReturnType<typeof createApiTokenStore>;
