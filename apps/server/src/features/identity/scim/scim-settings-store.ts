import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/db.ts';
import { hashSecret } from '../api-tokens/api-token.ts';

const NAME = 'scim';

type ScimSettingsValue = { enabled?: boolean; tokenHash?: string };

/** Whether SCIM is on and whether a token exists; the token itself is shown once, when generated. */
export type ScimSettings = { enabled: boolean; hasToken: boolean };

/** SCIM lives in `settings`, so every server process agrees; only the SHA-256 hash of the token is kept. */
export function createScimSettingsStore(db: Db) {
  const read = async (): Promise<ScimSettingsValue> => {
    const [row] = await db.query<{ value: ScimSettingsValue }>('SELECT value FROM settings WHERE name = $1', [
      NAME,
    ]);
    return row?.value ?? {};
  };
  const write = async (change: ScimSettingsValue) => {
    await db.query(
      `INSERT INTO settings (name, value) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET value = settings.value || EXCLUDED.value, updated_at = now()`,
      [NAME, change],
    );
  };
  return {
    async get(): Promise<ScimSettings> {
      const value = await read();
      return { enabled: value.enabled === true, hasToken: typeof value.tokenHash === 'string' };
    },
    async setEnabled(enabled: boolean): Promise<void> {
      await write({ enabled });
    },
    /** Makes a new token, which replaces the old one at once, and returns it: the only time it is seen. */
    async generateToken(): Promise<string> {
      const token = `scim:${randomBytes(32).toString('base64url')}`;
      await write({ tokenHash: hashSecret(token) });
      return token;
    },
    async verify(secret: string): Promise<'valid' | 'invalid' | 'disabled'> {
      const value = await read();
      if (!value.tokenHash) return 'invalid';
      const given = Buffer.from(hashSecret(secret));
      const stored = Buffer.from(value.tokenHash);
      if (given.length !== stored.length || !timingSafeEqual(given, stored)) return 'invalid';
      return value.enabled === true ? 'valid' : 'disabled';
    },
  };
}
