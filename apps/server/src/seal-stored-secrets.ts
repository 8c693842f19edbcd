import type { Db } from './db/db.ts';
import type { Keyring } from './db/sealed-secrets.ts';
import { resealAddonSecrets } from './features/automation/integrations/addon-secrets.ts';
import { resealOidcSecret } from './features/identity/sso/sso-settings-service.ts';

/**
 * Start-up step after the migrations (a SQL migration cannot encrypt): every stored secret ends sealed with the
 * current key, those kept in clear by earlier versions and those an older key sealed alike. Idempotent, and safe
 * for several processes at once (each table's rows are locked while they are sealed again). A value no key opens
 * throws SecretsKeyError, naming SECRETS_KEY, so a wrong or missing key stops the start instead of failing later.
 */
export async function sealStoredSecrets(
  db: Db,
  secrets: Keyring,
  log: (message: string) => void = () => {},
): Promise<void> {
  const changed = (await resealAddonSecrets(db, secrets)) + (await resealOidcSecret(db, secrets));
  if (changed) log(`sealed the stored secrets of ${changed} row(s) with key "${secrets.currentId}"`);
}
