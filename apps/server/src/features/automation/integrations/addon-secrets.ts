import type { Db } from '../../../db/db.ts';
import type { Keyring } from '../../../db/sealed-secrets.ts';
import { providerNamed } from './addon-providers.ts';

/**
 * The parameters a provider marks sensitive (URLs with a token in them, authorization, custom headers, API keys)
 * are stored sealed (db/sealed-secrets.ts, decision record 0020) and opened only to send a delivery.
 */
const purpose = (name: string) => `addons.parameters.${name}`;

const isSensitive = (provider: string, name: string) =>
  providerNamed(provider)?.parameters.some((p) => p.name === name && p.sensitive) ?? false;

/**
 * The parameters to store: sensitive ones sealed. `kept` names those taken unchanged from the stored addon: already
 * sealed, they are only sealed again when an older key sealed them. An empty value stays empty.
 */
export function sealParameters(
  secrets: Keyring,
  provider: string,
  parameters: Record<string, string>,
  kept: ReadonlySet<string> = new Set(),
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parameters).map(([name, value]) => {
      if (!value || !isSensitive(provider, name)) return [name, value];
      return [
        name,
        kept.has(name) ? secrets.refresh(value, purpose(name)) : secrets.seal(value, purpose(name)),
      ];
    }),
  );
}

/** The parameters in clear, for the provider to build its requests from: the one place they are opened. */
export function openParameters(
  secrets: Keyring,
  addon: { provider: string; parameters: Record<string, string> },
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(addon.parameters).map(([name, value]) => [
      name,
      value && isSensitive(addon.provider, name) ? secrets.open(value, purpose(name)) : value,
    ]),
  );
}

/**
 * At start: seals the sensitive parameters stored in clear (written before sealing existed) and seals again those
 * an older key sealed. Throws SecretsKeyError (naming SECRETS_KEY) for a value no key of the keyring opens.
 */
export async function resealAddonSecrets(db: Db, secrets: Keyring): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number; provider: string; parameters: Record<string, string> }>(
      'SELECT id, provider, parameters FROM addons ORDER BY id FOR UPDATE',
    );
    let changed = 0;
    for (const row of rows) {
      const parameters = row.parameters ?? {};
      const sealed = sealParameters(secrets, row.provider, parameters, new Set(Object.keys(parameters)));
      if (JSON.stringify(sealed) === JSON.stringify(parameters)) continue;
      await tx.query('UPDATE addons SET parameters = $2 WHERE id = $1', [row.id, JSON.stringify(sealed)]);
      changed++;
    }
    return changed;
  });
}
