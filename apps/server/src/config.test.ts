import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config-variables.ts';
import { ConfigError, readConfig } from './config.ts';

it('has defaults Unleash users know', () => {
  const config = readConfig({});
  expect(config.port).toBe(4242);
  expect(config.defaultAdmin).toEqual({ username: 'admin', password: 'unleash4all' });
  expect(config.databaseUrl).toBeUndefined();
  expect(config.dataDir.endsWith('/data')).toBe(true);
});

// `npm start` runs in the repository root, `npm run server` in apps/server: one instance, whichever was used.
it('keeps the embedded database in data/ at the repository root, from whichever directory the server starts', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  expect(readConfig({}, root).dataDir).toBe(path.join(root, 'data'));
  expect(readConfig({}, path.join(root, 'apps/server')).dataDir).toBe(path.join(root, 'data'));
  expect(readConfig({}, '/somewhere/else').dataDir).toBe(path.join(root, 'data'));
});

it('resolves a relative DATA_DIR against the working directory, where the user typed it', () => {
  expect(readConfig({ DATA_DIR: './data-second' }, '/srv/flags').dataDir).toBe('/srv/flags/data-second');
  expect(readConfig({ DATA_DIR: '/var/lib/switchyard' }, '/srv/flags').dataDir).toBe('/var/lib/switchyard');
  // `DATA_DIR=./mine npm run server` in the root: npm runs the script in apps/server, the user meant the root.
  expect(readConfig({ DATA_DIR: './mine', INIT_CWD: '/repo' }).dataDir).toBe('/repo/mine');
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
  [{ OIDC_ISSUER: 'accounts.example.com', OIDC_CLIENT_ID: 'x' }, 'OIDC_ISSUER'],
  [{ OIDC_ISSUER: 'https://accounts.example.com' }, 'OIDC_CLIENT_ID'],
  [
    { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'x', OIDC_DEFAULT_ROOT_ROLE: 'Owner' },
    'OIDC_DEFAULT_ROOT_ROLE',
  ],
  [
    { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'x', OIDC_AUTO_CREATE: 'yes' },
    'OIDC_AUTO_CREATE',
  ],
  [
    { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'x', PUBLIC_URL: 'flags.example.com' },
    'PUBLIC_URL',
  ],
  [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
  [{ TRUST_PROXY: '10.0.0.0/8, proxy.internal' }, 'TRUST_PROXY'],
  [{ TRUST_PROXY: '2' }, 'TRUST_PROXY'],
  [{ SIGN_IN_FAILURES_PER_USER: '0' }, 'SIGN_IN_FAILURES_PER_USER'],
  [{ SIGN_IN_FAILURE_WINDOW_MINUTES: 'soon' }, 'SIGN_IN_FAILURE_WINDOW_MINUTES'],
])('names the variable when %o is invalid', (env, variable) => {
  expect(() => readConfig(env)).toThrow(ConfigError);
  expect(() => readConfig(env)).toThrow(variable);
});

it('reads single sign-on settings, with defaults, only when an issuer is set', () => {
  expect(readConfig({}).oidc).toBeUndefined();
  const port = readConfig({
    OIDC_ISSUER: 'https://id.example.com/',
    OIDC_CLIENT_ID: 'switchyard',
    PORT: '8080',
  });
  expect(port.oidc).toEqual({
    issuer: 'https://id.example.com',
    clientId: 'switchyard',
    clientSecret: undefined,
    buttonText: 'Sign in with SSO',
    autoCreate: true,
    defaultRootRole: 'Viewer',
    allowedDomains: [],
    groupsClaim: 'groups',
  });
  const full = readConfig({
    OIDC_ISSUER: 'https://id.example.com',
    OIDC_CLIENT_ID: 'switchyard',
    OIDC_CLIENT_SECRET: 's3cret',
    UNLEASH_URL: 'https://flags.example.com/',
    OIDC_AUTO_CREATE: 'false',
    OIDC_ALLOWED_DOMAINS: 'Example.com, example.org',
    OIDC_GROUPS_CLAIM: 'roles',
  });
  expect(port.publicUrl).toBe('http://localhost:8080');
  expect(full.publicUrl).toBe('https://flags.example.com');
  expect(full.oidc).toMatchObject({
    clientSecret: 's3cret',
    autoCreate: false,
    allowedDomains: ['example.com', 'example.org'],
    groupsClaim: 'roles',
  });
});

it('trusts private proxies and limits wrong passwords by default, and reads other choices', () => {
  expect(readConfig({})).toMatchObject({
    trustProxy: ['loopback', 'linklocal', 'uniquelocal'],
    signInLimits: { failuresPerUser: 10, failuresPerIp: 100, windowMinutes: 15 },
  });
  expect(readConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
  expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::1, fd00::/8, loopback' }).trustProxy).toEqual([
    '10.0.0.0/8',
    '2001:db8::1',
    'fd00::/8',
    'loopback',
  ]);
  expect(
    readConfig({
      SIGN_IN_FAILURES_PER_USER: '3',
      SIGN_IN_FAILURES_PER_IP: '20',
      SIGN_IN_FAILURE_WINDOW_MINUTES: '60',
    }).signInLimits,
  ).toEqual({ failuresPerUser: 3, failuresPerIp: 20, windowMinutes: 60 });
});

it('reads the edge clients that may sign token requests, and refuses a secret too short to be one', () => {
  expect(readConfig({}).edgeClients.size).toBe(0);
  const clients = readConfig({
    EDGE_CLIENTS: 'edge-eu:c2VjcmV0LXNlY3JldC1zZWNyZXQ, edge-us:YW5vdGhlci1zZWNyZXQtaGVyZQ',
  });
  expect([...clients.edgeClients.keys()]).toEqual(['edge-eu', 'edge-us']);
  expect(() => readConfig({ EDGE_CLIENTS: 'edge-eu:short' })).toThrow(ConfigError);
  expect(() => readConfig({ EDGE_CLIENTS: ':c2VjcmV0LXNlY3JldC1zZWNyZXQ' })).toThrow(ConfigError);
});

it('documents every variable it reads in the configuration reference', () => {
  const source = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
  const read = new Set(
    [...source.matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|PORT|HOST)'/g)].map((m) => m[1]!),
  );
  expect(read.size).toBeGreaterThan(15);
  const documented = CONFIG_VARIABLES.map((variable) => variable.name);
  expect([...read].filter((name) => !documented.includes(name))).toEqual([]);
});

it('reads BASE_URI_PATH as Unleash spells it and puts it in the public address', () => {
  expect(readConfig({}).basePath).toBe('');
  for (const spelling of ['/unleash', 'unleash', '/unleash/', 'unleash//'])
    expect(readConfig({ BASE_URI_PATH: spelling }).basePath, spelling).toBe('/unleash');
  expect(readConfig({ BASE_URI_PATH: '/' }).basePath).toBe('');
  expect(readConfig({ BASE_URI_PATH: '/unleash', PORT: '8080' }).publicUrl).toBe(
    'http://localhost:8080/unleash',
  );
  // PUBLIC_URL names the host only, or the base path too (as UNLEASH_URL does for Unleash): one address.
  for (const PUBLIC_URL of ['https://flags.example.com', 'https://flags.example.com/tools/flags/'])
    expect(readConfig({ BASE_URI_PATH: '/tools/flags', PUBLIC_URL }).publicUrl).toBe(
      'https://flags.example.com/tools/flags',
    );
  expect(() => readConfig({ BASE_URI_PATH: '/unleash', PUBLIC_URL: 'https://x.example.com/other' })).toThrow(
    /PUBLIC_URL must name the host only or end with BASE_URI_PATH \(\/unleash\)/,
  );
  expect(() => readConfig({ UNLEASH_URL: 'https://x.example.com/unleash' })).toThrow(
    /UNLEASH_URL has the path "\/unleash": set BASE_URI_PATH=\/unleash/,
  );
  for (const bad of ['/a b', '/../admin', '/a/./b', '/%2e%2e', '/a?b'])
    expect(() => readConfig({ BASE_URI_PATH: bad }), bad).toThrow(/BASE_URI_PATH must be a path/);
});
