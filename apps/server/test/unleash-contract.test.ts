import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import switchyardOpenApi from '../openapi.json' with { type: 'json' };
import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../src/testing/test-app.ts';
import {
  jsonAnswer,
  missingRequired,
  type OpenApiDocument,
  unleashOpenApi,
} from './unleash-contract/unleash-openapi.ts';

/**
 * Field for field (issue 33): for every GET operation that Unleash 7.6.5's OpenAPI document gives a 200 JSON answer
 * and Switchyard has on the same path, a seeded Switchyard is asked, and every field Unleash's schema lists as
 * required (recursively) must be in the answer. The fields Switchyard leaves out on purpose are listed, each with
 * its reason, in unleash-contract/differences.json, which decision record 0002 points to; a listed field Switchyard
 * now sends fails the test too, so the list stays true.
 */
type Differences = {
  fields: Record<string, Record<string, string>>;
};
const differences = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'unleash-contract/differences.json'), 'utf8'),
) as Differences;

let t: TestApp;
let unleash: OpenApiDocument;
let session: Awaited<ReturnType<TestApp['as']>>;
/** Path parameters by name, from the seeded data; a few names mean different things on different paths. */
let params: Record<string, string>;

const P = '/api/admin/projects/contract';

async function seed(): Promise<Record<string, string>> {
  const send = async (method: 'POST' | 'PUT', url: string, payload?: unknown, expected = [200, 201]) => {
    const response = await t.admin({ method, url, payload: payload as Record<string, unknown> });
    expect(expected, `${method} ${url}: ${response.body}`).toContain(response.statusCode);
    return response.body ? (response.json() as Record<string, unknown>) : {};
  };
  await send('POST', '/api/admin/projects', { id: 'contract', name: 'Contract', description: 'Seeded' });
  await send('POST', '/api/admin/context', {
    name: 'region',
    description: 'Where the user is',
    stickiness: true,
    legalValues: [{ value: 'eu', description: 'Europe' }, { value: 'us' }],
  });
  await send('POST', `${P}/context`, { name: 'tier', description: 'The plan the customer pays for' });
  const segment = await send('POST', '/api/admin/segments', {
    name: 'eu-users',
    description: 'Users in the EU',
    project: 'contract',
    constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }],
  });
  await send('POST', `${P}/features`, { name: 'contract-flag', description: 'Checkout', type: 'release' });
  const strategy = await send('POST', `${P}/features/contract-flag/environments/development/strategies`, {
    name: 'flexibleRollout',
    title: 'Half of the EU',
    parameters: { rollout: '50', stickiness: 'default', groupId: 'contract-flag' },
    constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }],
    segments: [segment.id],
    variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }],
  });
  await send('PUT', `${P}/features/contract-flag/environments/development/variants`, [
    {
      name: 'a',
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
      payload: { type: 'string', value: 'x' },
    },
    { name: 'b', weight: 500, weightType: 'variable', stickiness: 'default' },
  ]);
  await send('POST', `${P}/features/contract-flag/environments/development/on`);
  await send('POST', '/api/admin/tags', { type: 'simple', value: 'checkout' }, [200, 201, 409]);
  await send('POST', '/api/admin/features/contract-flag/tags', { type: 'simple', value: 'checkout' });
  await send('POST', `${P}/features`, { name: 'contract-child', type: 'experiment' });
  await send('POST', `${P}/features/contract-child/dependencies`, {
    feature: 'contract-flag',
    variants: ['a'],
  });
  await send('POST', `${P}/api-tokens`, {
    tokenName: 'contract-sdk',
    type: 'client',
    environment: 'development',
  });

  // An SDK that registered and reported, so applications, instances and usage have something to show.
  const client = async (url: string, payload: unknown) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: CLIENT_TOKEN },
      payload: payload as object,
    });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  };
  const now = new Date();
  await client('/api/client/register', {
    appName: 'contract-app',
    instanceId: 'contract-1',
    sdkVersion: 'unleash-client-node:5.0.0',
    strategies: ['default', 'flexibleRollout'],
    started: now.toISOString(),
    interval: 15000,
  });
  await client('/api/client/metrics', {
    appName: 'contract-app',
    instanceId: 'contract-1',
    bucket: {
      start: new Date(now.getTime() - 60_000).toISOString(),
      stop: now.toISOString(),
      toggles: { 'contract-flag': { yes: 3, no: 1, variants: { a: 2, b: 1 } } },
    },
  });

  const me = (await session({ method: 'GET', url: '/api/admin/user' })).json() as { user: { id: number } };
  const invited = await send('POST', '/api/admin/user-admin', {
    email: 'reset-me@example.com',
    name: 'Reset Me',
    rootRole: 3,
  });
  const reset = await send('POST', '/api/admin/user-admin/reset-password', { id: 'reset-me@example.com' });
  const invite = await send('POST', '/api/admin/invite-link/tokens', {
    name: 'contract-invite',
    expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
  });
  const addon = await send('POST', '/api/admin/addons', {
    provider: 'webhook',
    enabled: false,
    description: 'Contract webhook',
    parameters: { url: 'http://127.0.0.1:9/contract' },
    events: ['feature-created'],
    projects: [],
    environments: [],
  });
  return {
    projectId: 'contract',
    featureName: 'contract-flag',
    child: 'contract-child',
    parent: 'contract-flag',
    environment: 'development',
    strategyId: String(strategy.id),
    contextField: 'region',
    type: 'simple',
    value: 'checkout',
    appName: 'contract-app',
    token: String(invite.secret),
    segmentId: String(segment.id),
    userId: String(invited.id ?? me.user.id),
    addonId: String(addon.id),
    resetToken: new URL(String(reset.resetPasswordUrl)).searchParams.get('token') ?? '',
  };
}

/** The address to ask for an Unleash path, its parameters filled from the seed. */
function concrete(unleashPath: string): string {
  const byPath: [RegExp, Record<string, string>][] = [
    [/^\/api\/admin\/strategies\//, { name: 'flexibleRollout' }],
    [/^\/api\/admin\/environments\//, { name: 'development' }],
    [/^\/api\/admin\/tag-types\//, { name: 'simple' }],
    [/^\/api\/admin\/api-tokens\//, { name: 'contract-sdk' }],
    [/^\/api\/admin\/projects\/\{projectId\}\/context\//, { contextField: 'tier' }],
    [/^\/api\/admin\/client-metrics\//, { name: 'contract-flag' }],
    [/^\/api\/admin\/segments\//, { id: params.segmentId! }],
    [/^\/api\/admin\/addons\//, { id: params.addonId! }],
    [/^\/api\/admin\/user-admin\//, { id: params.userId! }],
  ];
  const extra = byPath.find(([pattern]) => pattern.test(unleashPath))?.[1] ?? {};
  const url = unleashPath.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = extra[name] ?? params[name];
    if (value === undefined) throw new Error(`${unleashPath}: the seed has no value for {${name}}`);
    return encodeURIComponent(value);
  });
  if (unleashPath === '/auth/reset/validate') return `${url}?token=${params.resetToken}`;
  if (unleashPath === '/api/admin/user-admin/search') return `${url}?q=reset`;
  return url;
}

function ask(url: string) {
  if (url.startsWith('/api/client'))
    return t.app.inject({ method: 'GET', url, headers: { authorization: CLIENT_TOKEN } });
  if (url.startsWith('/api/frontend'))
    return t.app.inject({ method: 'GET', url, headers: { authorization: FRONTEND_TOKEN } });
  if (url.startsWith('/auth/') || url === '/health' || url === '/ready')
    return t.app.inject({ method: 'GET', url });
  // The Unleash admin UI's way in: a signed-in Admin (personal endpoints need a person, not a token).
  return session({ method: 'GET', url });
}

const normalise = (p: string) => p.replace(/\{[^}]+\}/g, '{}');

/** The GET operations both servers have whose Unleash answer is JSON on 200, by Unleash's path. */
function sharedOperations(): string[] {
  const ours = new Set(
    Object.entries((switchyardOpenApi as { paths: Record<string, Record<string, unknown>> }).paths)
      .filter(([, item]) => item.get)
      .map(([p]) => normalise(p)),
  );
  return Object.keys(unleash.paths)
    .filter((p) => jsonAnswer(unleash, p) && ours.has(normalise(p)))
    .sort();
}

beforeAll(async () => {
  // The webhook the seed adds points at a closed loopback port, and is never enabled.
  [t, unleash] = await Promise.all([
    createTestApp({ INTEGRATION_ALLOWED_HOSTS: '127.0.0.1' }),
    unleashOpenApi(),
  ]);
  session = await t.as('Admin');
  params = await seed();
}, 90_000);
afterAll(() => t?.close());

describe('the fields of Unleash 7.6.5’s OpenAPI document', () => {
  it('finds what a required field is missing from, recursively', () => {
    const doc: OpenApiDocument = {
      paths: {},
      components: {
        schemas: {
          item: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          list: {
            type: 'object',
            required: ['items', 'total'],
            properties: {
              items: { type: 'array', items: { $ref: '#/components/schemas/item' } },
              byKey: { type: 'object', additionalProperties: { $ref: '#/components/schemas/item' } },
              either: { oneOf: [{ type: 'string' }, { $ref: '#/components/schemas/item' }] },
            },
          },
        },
      },
    };
    const list = { $ref: '#/components/schemas/list' };
    expect(missingRequired(doc, list, { items: [{ name: 'a' }], total: 1, either: 'x' })).toEqual([]);
    expect(
      missingRequired(doc, list, { items: [{ name: 'a' }, {}], byKey: { k: {} }, either: {} }).sort(),
    ).toEqual(['byKey.*.name', 'either.name', 'items[].name', 'total']);
  });

  it('are all in Switchyard’s answers, but for the differences decision record 0002 lists', async () => {
    const operations = sharedOperations();
    // Unleash 7.6.5 documents 85 such answers; Switchyard has the paths of all but one.
    expect(operations.length).toBeGreaterThanOrEqual(84);
    const problems: string[] = [];
    const unused = new Set(
      Object.entries(differences.fields).flatMap(([op, fields]) =>
        Object.keys(fields).map((f) => `${op} ${f}`),
      ),
    );
    for (const unleashPath of operations) {
      const operation = `GET ${unleashPath}`;
      let url: string;
      try {
        url = concrete(unleashPath);
      } catch (error) {
        problems.push(`${operation}: ${(error as Error).message}`);
        continue;
      }
      const response = await ask(url);
      if (response.statusCode !== 200) {
        problems.push(`${operation}: ${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
        continue;
      }
      const missing = missingRequired(unleash, jsonAnswer(unleash, unleashPath)!, response.json());
      for (const field of missing) {
        if (differences.fields[operation]?.[field]) unused.delete(`${operation} ${field}`);
        else problems.push(`${operation}: no ${field}`);
      }
    }
    for (const listed of unused)
      problems.push(`${listed}: listed in differences.json but now sent; remove it there`);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
