import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseSecretsKey, readConfig } from '../config.ts';
import { createKeyring, KEY_FILE, keyIdOf, loadKeyring, SecretsKeyError } from './sealed-secrets.ts';

const oldKey = randomBytes(32);
const newKey = randomBytes(32);

describe('sealing', () => {
  it('seals into the versioned envelope and opens back, with a new IV each time', () => {
    const keyring = createKeyring(oldKey);
    const sealed = keyring.seal('Bearer s3cret', 'addons.parameters.authorization');
    expect(sealed).toMatch(/^sealed:v1:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed.split(':')[2]).toBe(keyIdOf(oldKey));
    expect(sealed).not.toContain('s3cret');
    expect(keyring.seal('Bearer s3cret', 'addons.parameters.authorization')).not.toBe(sealed);
    expect(keyring.open(sealed, 'addons.parameters.authorization')).toBe('Bearer s3cret');
  });

  it('opens a value only in the field it was sealed for, and refuses an altered one', () => {
    const keyring = createKeyring(oldKey);
    const sealed = keyring.seal('Bearer s3cret', 'addons.parameters.authorization');
    expect(() => keyring.open(sealed, 'addons.parameters.url')).toThrow(SecretsKeyError);
    const parts = sealed.split(':');
    parts[5] = Buffer.from('Bearer s3cres').toString('base64url');
    expect(() => keyring.open(parts.join(':'), 'addons.parameters.authorization')).toThrow(/altered/);
  });

  it('takes a value stored before sealing existed as it is', () => {
    expect(createKeyring(oldKey).open('Bearer legacy', 'addons.parameters.authorization')).toBe(
      'Bearer legacy',
    );
  });

  it('after a rotation opens what the previous key sealed and seals it again with the new one', () => {
    const sealed = createKeyring(oldKey).seal('client-secret', 'oidc');
    const rotated = createKeyring(newKey, [oldKey]);
    expect(rotated.open(sealed, 'oidc')).toBe('client-secret');
    const again = rotated.refresh(sealed, 'oidc');
    expect(again.split(':')[2]).toBe(keyIdOf(newKey));
    expect(rotated.refresh(again, 'oidc')).toBe(again);
    expect(createKeyring(newKey).open(again, 'oidc')).toBe('client-secret');
    expect(rotated.refresh('clear', 'oidc').split(':')[2]).toBe(keyIdOf(newKey));
  });

  it('names SECRETS_KEY and both key ids when no key of the keyring opens a value', () => {
    const sealed = createKeyring(oldKey).seal('client-secret', 'oidc');
    const error = (() => {
      try {
        createKeyring(newKey).open(sealed, 'oidc');
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).toContain('SECRETS_KEY');
    expect(error!.message).toContain(keyIdOf(oldKey));
    expect(error!.message).toContain(keyIdOf(newKey));
  });
});

describe('the key from the environment', () => {
  it('reads 32 bytes as base64, base64url or hex, and nothing else', () => {
    expect(parseSecretsKey(newKey.toString('base64'))).toEqual(newKey);
    expect(parseSecretsKey(newKey.toString('base64url'))).toEqual(newKey);
    expect(parseSecretsKey(newKey.toString('hex'))).toEqual(newKey);
    expect(parseSecretsKey(randomBytes(16).toString('base64'))).toBeUndefined();
    expect(parseSecretsKey('correct horse battery staple')).toBeUndefined();
  });

  it('refuses a key that is not 32 bytes, naming the variable', () => {
    expect(() => readConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY must be a 32-byte key/);
    expect(() =>
      readConfig({
        SECRETS_KEY: newKey.toString('base64'),
        SECRETS_KEY_PREVIOUS: `${oldKey.toString('hex')},x`,
      }),
    ).toThrow(/SECRETS_KEY_PREVIOUS/);
  });

  it('requires SECRETS_KEY with DATABASE_URL: every process must seal with the same key', () => {
    expect(() => readConfig({ DATABASE_URL: 'postgres://db/switchyard' })).toThrow(
      /SECRETS_KEY is required when DATABASE_URL is set/,
    );
    const config = readConfig({
      DATABASE_URL: 'postgres://db/switchyard',
      SECRETS_KEY: newKey.toString('base64'),
      SECRETS_KEY_PREVIOUS: `${oldKey.toString('hex')}`,
    });
    expect(config.secrets).toEqual({ key: newKey, previous: [oldKey] });
  });
});

describe('the embedded database without SECRETS_KEY', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-keys-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('generates a key once, readable by its owner only, and keeps using it', async () => {
    const config = readConfig({ DATA_DIR: dataDir });
    const first = await loadKeyring(config);
    const file = path.join(dataDir, KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const sealed = first.seal('s3cret', 'test');
    const second = await loadKeyring(config);
    expect(second.currentId).toBe(first.currentId);
    expect(second.open(sealed, 'test')).toBe('s3cret');

    // Setting SECRETS_KEY later: it seals, and the generated key still opens what it sealed.
    const chosen = await loadKeyring(
      readConfig({ DATA_DIR: dataDir, SECRETS_KEY: newKey.toString('base64') }),
    );
    expect(chosen.currentId).toBe(keyIdOf(newKey));
    expect(chosen.open(sealed, 'test')).toBe('s3cret');
    expect(parseSecretsKey(await readFile(file, 'utf8'))).toBeDefined();
  });

  it('refuses a key file that holds no key, naming SECRETS_KEY', async () => {
    const broken = await mkdtemp(path.join(tmpdir(), 'switchyard-keys-'));
    try {
      await writeFile(path.join(broken, KEY_FILE), 'not a key\n');
      await expect(loadKeyring(readConfig({ DATA_DIR: broken }))).rejects.toThrow(/SECRETS_KEY is not set/);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
