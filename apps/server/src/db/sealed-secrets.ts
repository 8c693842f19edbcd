import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, parseSecretsKey, type Config } from '../config.ts';

/**
 * Secrets kept at rest (integration secrets, the OIDC client secret) are sealed with AES-256-GCM under a key from
 * the environment, and opened only where they are sent (decision record 0020). A sealed value reads
 * `sealed:v1:<keyId>:<iv>:<tag>:<ciphertext>`, each part base64url; the key id is a short hash of the key, so a
 * value tells which key opens it. `purpose` names the field a value belongs to and is authenticated with it: a
 * value copied into another field does not open there.
 */
export type Keyring = {
  /** The id of the key that seals: SECRETS_KEY's, or the generated key's. */
  readonly currentId: string;
  seal(clear: string, purpose: string): string;
  /** The clear text of a stored value; a value that is not sealed (written before sealing existed) is itself. */
  open(stored: string, purpose: string): string;
  /** The stored value sealed with the current key: as it is when it already is, sealed again otherwise. */
  refresh(stored: string, purpose: string): string;
};

const PREFIX = 'sealed:v1:';
/** Where the embedded database keeps its generated key when SECRETS_KEY is not set. */
export const KEY_FILE = 'secrets.key';

/** A sealed value, or a key, that this keyring cannot use; names SECRETS_KEY so the operator knows what to fix. */
export class SecretsKeyError extends ConfigError {
  constructor(message: string) {
    super('SECRETS_KEY', message);
  }
}

export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/** The id a key's sealed values carry: 8 base64url characters of its SHA-256, which tell nothing of the key. */
export const keyIdOf = (key: Buffer): string =>
  createHash('sha256').update(key).digest().subarray(0, 6).toString('base64url');

/** Seals with `current`; opens what `current` or any of `previous` sealed. */
export function createKeyring(
  current: Buffer,
  previous: Buffer[] = [],
  /** Where the current key comes from, for messages. */
  currentName = 'SECRETS_KEY',
): Keyring {
  const keys = new Map<string, Buffer>();
  for (const key of [current, ...previous]) if (!keys.has(keyIdOf(key))) keys.set(keyIdOf(key), key);
  const currentId = keyIdOf(current);

  function seal(clear: string, purpose: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', current, iv);
    cipher.setAAD(Buffer.from(purpose));
    const ciphertext = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
    return `${PREFIX}${currentId}:${parts.join(':')}`;
  }

  function open(stored: string, purpose: string): string {
    if (!isSealed(stored)) return stored;
    const [keyId, iv, tag, ciphertext, ...rest] = stored.slice(PREFIX.length).split(':');
    if (!keyId || iv === undefined || tag === undefined || ciphertext === undefined || rest.length)
      throw new SecretsKeyError(`cannot read the sealed ${purpose}: it is not in the sealed:v1 form`);
    const key = keys.get(keyId);
    if (!key)
      throw new SecretsKeyError(
        `does not open the stored ${purpose}: it was sealed with key "${keyId}", and ${currentName} is key "${currentId}"` +
          (keys.size > 1 ? ` and SECRETS_KEY_PREVIOUS holds ${[...keys.keys()].slice(1).join(', ')}` : '') +
          '. Set SECRETS_KEY to the key that sealed it, or add that key to SECRETS_KEY_PREVIOUS',
      );
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretsKeyError(`key "${keyId}" does not open the stored ${purpose}: it was altered`);
    }
  }

  return {
    currentId,
    seal,
    open,
    refresh(stored, purpose) {
      if (stored.startsWith(`${PREFIX}${currentId}:`)) return stored;
      return seal(open(stored, purpose), purpose);
    },
  };
}

/**
 * The keyring of this process: SECRETS_KEY seals, and SECRETS_KEY_PREVIOUS opens what older keys sealed. Without
 * SECRETS_KEY (the embedded database only: config.ts requires it with DATABASE_URL), the key is generated once and
 * kept in DATA_DIR/secrets.key, readable by its owner only; once SECRETS_KEY is set, that file's key still opens.
 */
export async function loadKeyring(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'secrets'>,
  log: (message: string) => void = () => {},
): Promise<Keyring> {
  const file = path.join(config.dataDir, KEY_FILE);
  const generated = config.databaseUrl ? undefined : await readKeyFile(file);
  if (config.secrets.key)
    return createKeyring(config.secrets.key, [...config.secrets.previous, ...(generated ? [generated] : [])]);
  if (generated) return createKeyring(generated, config.secrets.previous, `the key in ${file}`);
  const key = randomBytes(32);
  // `wx`: two processes starting on one data directory must not both write a key.
  await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(file, 0o600);
  log(`generated the key that seals stored secrets in ${file} (set SECRETS_KEY to choose your own)`);
  return createKeyring(key, config.secrets.previous, `the key generated in ${file}`);
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = parseSecretsKey(text);
  if (!key) throw new SecretsKeyError(`is not set, and ${file} does not hold a 32-byte key (base64 or hex)`);
  return key;
}
