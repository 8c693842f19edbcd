import { expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

it('has defaults Unleash users know', () => {
  const config = readConfig({});
  expect(config.port).toBe(4242);
  expect(config.defaultAdmin).toEqual({ username: 'admin', password: 'unleash4all' });
  expect(config.databaseUrl).toBeUndefined();
  expect(config.dataDir.endsWith('/data')).toBe(true);
});

it('reads tokens and ports', () => {
  const config = readConfig({
    HTTP_PORT: '5000',
    INIT_CLIENT_API_TOKENS: 'default:development.abc, *:production.def',
  });
  expect(config.port).toBe(5000);
  expect(config.initClientTokens).toEqual(['default:development.abc', '*:production.def']);
});

it.each([
  [{ PORT: 'abc' }, 'PORT'],
  [{ HTTP_PORT: '70000' }, 'HTTP_PORT'],
  [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
  [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  [{ INIT_ADMIN_API_TOKENS: 'not-a-token' }, 'INIT_ADMIN_API_TOKENS'],
])('names the variable when %o is invalid', (env, variable) => {
  expect(() => readConfig(env)).toThrow(ConfigError);
  expect(() => readConfig(env)).toThrow(variable);
});
