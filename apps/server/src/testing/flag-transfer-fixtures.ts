import type { HTTPMethods } from 'fastify';
import type { TestApp } from './test-app.ts';

/** An Admin API call as the admin token that must succeed; returns the parsed body, if any. */
export async function adminCall<T = unknown>(
  t: TestApp,
  method: HTTPMethods,
  url: string,
  payload?: object,
): Promise<T> {
  const response = await t.admin({ method, url, ...(payload === undefined ? {} : { payload }) });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url} → ${response.statusCode}: ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

/** Building two instances' worth of data through the API takes a while on a busy machine. */
export const BUILD_TIMEOUT = 180_000;

const flagPath = (project: string, flag: string) => `/api/admin/projects/${project}/features/${flag}`;

/**
 * Test data built through the Admin API, as a user would: project `shop` with three flags whose production
 * environment uses every part of an export (constraints with legal values, a segment, strategy and flag variants,
 * a disabled strategy, a custom strategy type, tags of two types, a dependency, staleness).
 */
export async function buildShop(t: TestApp): Promise<void> {
  const call = (method: HTTPMethods, url: string, payload?: object) => adminCall(t, method, url, payload);
  await call('POST', '/api/admin/projects', { id: 'shop', name: 'Shop' });
  await call('POST', '/api/admin/context', {
    name: 'region',
    description: 'Where the user is served from',
    legalValues: [{ value: 'eu' }, { value: 'us', description: 'The Americas' }],
  });
  const segment = await adminCall<{ id: number }>(t, 'POST', '/api/admin/segments', {
    name: 'beta-testers',
    constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }],
  });
  await call('POST', '/api/admin/tag-types', { name: 'team', description: 'Owning team', color: '#1A7F37' });
  await call('POST', '/api/admin/strategies', {
    name: 'byCountry',
    parameters: [{ name: 'countries', type: 'list' }],
  });

  await call('POST', '/api/admin/projects/shop/features', {
    name: 'checkout',
    description: 'The new checkout',
    impressionData: true,
  });
  await call('POST', '/api/admin/projects/shop/features', { name: 'checkout-wallets', type: 'experiment' });
  await call('POST', '/api/admin/projects/shop/features', { name: 'search', type: 'operational' });
  await call('PATCH', flagPath('shop', 'search'), [{ op: 'replace', path: '/stale', value: true }]);

  const production = (flag: string) => `${flagPath('shop', flag)}/environments/production`;
  await call('POST', `${production('checkout')}/strategies`, {
    name: 'flexibleRollout',
    title: 'Half of Europe',
    parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
    constraints: [
      { contextName: 'region', operator: 'IN', values: ['eu'] },
      { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2026-01-01T00:00:00.000Z' },
    ],
    segments: [segment.id],
    variants: [
      {
        name: 'blue',
        weightType: 'variable',
        stickiness: 'default',
        payload: { type: 'string', value: 'b' },
      },
      { name: 'red', weightType: 'variable', stickiness: 'default' },
    ],
  });
  await call('POST', `${production('checkout')}/strategies`, {
    name: 'userWithId',
    parameters: { userIds: '1,2' },
    disabled: true,
  });
  await call('PUT', `${production('checkout')}/variants`, [
    { name: 'a', weightType: 'variable', overrides: [{ contextName: 'userId', values: ['7'] }] },
    { name: 'b', weight: 300, weightType: 'fix', payload: { type: 'json', value: '{"b":1}' } },
  ]);
  await call('POST', `${production('checkout')}/on`);
  await call('POST', `${production('search')}/strategies`, {
    name: 'byCountry',
    parameters: { countries: 'se,no' },
  });
  await call('POST', `${production('search')}/on`);
  // Another environment, which an export of production must leave out.
  await call('POST', `${flagPath('shop', 'checkout')}/environments/development/strategies`, {
    name: 'default',
  });

  await call('POST', '/api/admin/features/checkout/tags', { type: 'simple', value: 'checkout' });
  await call('POST', '/api/admin/features/checkout/tags', { type: 'team', value: 'payments' });
  await call('POST', '/api/admin/features/search/tags', { type: 'team', value: 'discovery' });
  await call('POST', `${flagPath('shop', 'checkout-wallets')}/dependencies`, {
    feature: 'checkout',
    enabled: true,
    variants: ['blue'],
  });
}

/** The target: a fresh instance with project `store` in environment `staging` only. */
export async function buildStore(t: TestApp): Promise<void> {
  await adminCall(t, 'POST', '/api/admin/environments', { name: 'staging', type: 'preproduction' });
  await adminCall(t, 'POST', '/api/admin/projects', {
    id: 'store',
    name: 'Store',
    environments: ['staging'],
  });
  await adminCall(t, 'POST', '/api/admin/strategies', { name: 'byCountry', parameters: [] });
  // A segment first, so beta-testers gets another id here than in the source.
  await adminCall(t, 'POST', '/api/admin/segments', { name: 'staff', constraints: [] });
  await adminCall(t, 'POST', '/api/admin/segments', { name: 'beta-testers', constraints: [] });
}

/** POST to the validate or import operation as the admin token. */
export const postTransfer = (t: TestApp, operation: 'validate' | 'import', payload: object) =>
  t.admin({ method: 'POST', url: `/api/admin/features-batch/${operation}`, payload });
