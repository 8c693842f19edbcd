import { OFREPProvider } from '@openfeature/ofrep-provider';
import { OFREPWebProvider } from '@openfeature/ofrep-web-provider';
import { ErrorCode, OpenFeature as ServerFeature } from '@openfeature/server-sdk';
import { OpenFeature as WebFeature } from '@openfeature/web-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import {
  ADMIN_TOKEN,
  CLIENT_TOKEN,
  createTestApp,
  FRONTEND_TOKEN,
  type TestApp,
} from '../../../testing/test-app.ts';

let t: TestApp;
let base: string;

const variant = (name: string, type: string, value: string) => ({
  name,
  weight: 1000,
  weightType: 'variable',
  stickiness: 'default',
  payload: { type, value },
});

beforeAll(async () => {
  t = await createTestApp();
  const on = (variants?: unknown[]) => ({
    development: { enabled: true, strategies: [{ name: 'default' }], variants },
  });
  await buildFlag(t.db, { name: 'of-bool', environments: on() });
  await buildFlag(t.db, { name: 'of-off', environments: { development: { enabled: false } } });
  await buildFlag(t.db, { name: 'of-string', environments: on([variant('blue', 'string', 'blue')]) });
  await buildFlag(t.db, { name: 'of-number', environments: on([variant('answer', 'number', '42.5')]) });
  await buildFlag(t.db, {
    name: 'of-json',
    environments: on([variant('limits', 'json', '{"limit":3,"tags":["a"]}')]),
  });
  await buildFlag(t.db, {
    name: 'of-users',
    environments: {
      development: { enabled: true, strategies: [{ name: 'userWithId', parameters: { userIds: 'user-1' } }] },
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await ServerFeature.close();
  await WebFeature.close();
  await t.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: FRONTEND_TOKEN, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('OFREP with the OpenFeature server SDK and @openfeature/ofrep-provider', () => {
  beforeAll(async () => {
    await ServerFeature.setProviderAndWait(
      new OFREPProvider({ baseUrl: base, headers: [['Authorization', CLIENT_TOKEN]] }),
    );
  });

  it('evaluates boolean, string, number and object flags', async () => {
    const client = ServerFeature.getClient();
    const context = { targetingKey: 'user-7' };
    expect(await client.getBooleanValue('of-bool', false, context)).toBe(true);
    expect(await client.getBooleanDetails('of-off', true, context)).toMatchObject({
      value: false,
      reason: 'DISABLED',
    });
    expect(await client.getStringDetails('of-string', 'red', context)).toMatchObject({
      value: 'blue',
      variant: 'blue',
      reason: 'SPLIT',
      flagMetadata: { project: 'default', enabled: true },
    });
    expect(await client.getNumberValue('of-number', 0, context)).toBe(42.5);
    expect(await client.getObjectValue('of-json', {}, context)).toEqual({ limit: 3, tags: ['a'] });
  });

  it('answers errors with the default value: unknown flag, missing targeting key, wrong type', async () => {
    const client = ServerFeature.getClient();
    expect(await client.getBooleanDetails('no-such-flag', true, { targetingKey: 'u' })).toMatchObject({
      value: true,
      errorCode: ErrorCode.FLAG_NOT_FOUND,
    });
    expect(await client.getBooleanDetails('of-users', true, {})).toMatchObject({
      value: true,
      errorCode: ErrorCode.TARGETING_KEY_MISSING,
    });
    expect(await client.getBooleanValue('of-users', false, { targetingKey: 'user-1' })).toBe(true);
    expect(await client.getBooleanValue('of-users', true, { targetingKey: 'user-2' })).toBe(false);
    expect(await client.getNumberDetails('of-string', 7, { targetingKey: 'u' })).toMatchObject({
      value: 7,
      errorCode: ErrorCode.TYPE_MISMATCH,
    });
  });
});

describe('OFREP with the OpenFeature web SDK and @openfeature/ofrep-web-provider', () => {
  it('evaluates every flag in bulk for the static context', async () => {
    await WebFeature.setContext({ targetingKey: 'user-1' });
    await WebFeature.setProviderAndWait(
      new OFREPWebProvider({
        baseUrl: base,
        headers: [['Authorization', FRONTEND_TOKEN]],
        pollInterval: 0,
        cacheMode: 'disabled',
        disableVisibilityRefresh: true,
      }),
    );
    const client = WebFeature.getClient();
    expect(client.getBooleanValue('of-bool', false)).toBe(true);
    expect(client.getBooleanValue('of-off', true)).toBe(false);
    expect(client.getBooleanValue('of-users', false)).toBe(true);
    expect(client.getStringValue('of-string', 'red')).toBe('blue');
    expect(client.getNumberValue('of-number', 0)).toBe(42.5);
    expect(client.getObjectValue('of-json', {})).toEqual({ limit: 3, tags: ['a'] });
    expect(client.getBooleanDetails('no-such-flag', true)).toMatchObject({
      value: true,
      errorCode: ErrorCode.FLAG_NOT_FOUND,
    });
  });
});

describe('OFREP over HTTP', () => {
  it('answers the bulk evaluation with an ETag, and 304 when it has not changed', async () => {
    const first = await post('/ofrep/v1/evaluate/flags', { context: { targetingKey: 'user-1' } });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const body = (await first.json()) as { flags: { key: string }[] };
    expect(body.flags.map((flag) => flag.key).sort()).toEqual(
      ['of-bool', 'of-json', 'of-number', 'of-off', 'of-string', 'of-users'].sort(),
    );
    const again = await post(
      '/ofrep/v1/evaluate/flags',
      { context: { targetingKey: 'user-1' } },
      { 'if-none-match': etag },
    );
    expect(again.status).toBe(304);
    const other = await post(
      '/ofrep/v1/evaluate/flags',
      { context: { targetingKey: 'user-2' } },
      { 'if-none-match': etag },
    );
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  it('lists a flag that needs a targeting key as a failure in bulk', async () => {
    const response = await post('/ofrep/v1/evaluate/flags', { context: {} });
    const { flags } = (await response.json()) as { flags: Record<string, unknown>[] };
    expect(flags.find((flag) => flag.key === 'of-users')).toMatchObject({
      errorCode: 'TARGETING_KEY_MISSING',
    });
  });

  it('answers malformed requests in the protocol shape', async () => {
    const parse = await post('/ofrep/v1/evaluate/flags/of-bool', '{not json');
    expect(parse.status).toBe(400);
    expect(await parse.json()).toMatchObject({ key: 'of-bool', errorCode: 'PARSE_ERROR' });
    const invalid = await post('/ofrep/v1/evaluate/flags/of-bool', { context: 'everyone' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ errorCode: 'INVALID_CONTEXT' });
    const bulk = await post('/ofrep/v1/evaluate/flags', { context: [1] });
    expect(bulk.status).toBe(400);
    expect(await bulk.json()).toMatchObject({ errorCode: 'INVALID_CONTEXT' });
  });

  it('takes client and frontend tokens only', async () => {
    const none = await post('/ofrep/v1/evaluate/flags/of-bool', {}, { authorization: '' });
    expect(none.status).toBe(401);
    const admin = await post('/ofrep/v1/evaluate/flags/of-bool', {}, { authorization: ADMIN_TOKEN });
    expect(admin.status).toBe(403);
    const client = await post('/ofrep/v1/evaluate/flags/of-bool', {}, { authorization: CLIENT_TOKEN });
    expect(client.status).toBe(200);
    const noBody = await post('/ofrep/v1/evaluate/flags/of-bool', '', { authorization: CLIENT_TOKEN });
    expect(noBody.status).toBe(200);
    expect(await noBody.json()).toMatchObject({ value: true });
  });
});
