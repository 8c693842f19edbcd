/** Seeds an Unleash (or any server speaking its Admin API) with every kind of thing the migration moves. */
export type Seeded = { clientDevelopment: string; clientProduction: string; frontend: string };

export async function seedUnleash(url: string, adminToken: string): Promise<Seeded> {
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const send = () =>
      fetch(`${url}${path}`, {
        method,
        headers: { authorization: adminToken, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    // Unleash closes idle keep-alive connections early; a request that lost its socket is sent again.
    const response = await send().catch(send);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const flag = (name: string) => `/api/admin/projects/default/features/${name}`;
  const env = (name: string, environment: string) => `${flag(name)}/environments/${environment}`;

  await call('POST', '/api/admin/context', {
    name: 'region',
    description: 'Where the user is served from',
    stickiness: true,
    legalValues: [{ value: 'eu' }, { value: 'us', description: 'The Americas' }],
  });
  const beta = await call<{ id: number }>('POST', '/api/admin/segments', {
    name: 'beta-testers',
    description: 'Early adopters',
    constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2', '3', '5', '8', '13'] }],
  });
  await call('POST', '/api/admin/tag-types', { name: 'team', description: 'Owning team' });
  await call('POST', '/api/admin/strategies', {
    name: 'byRegion',
    description: 'On for some regions',
    parameters: [{ name: 'regions', type: 'list', description: 'Regions', required: false }],
  });
  await call('PUT', '/api/admin/feature-types/release/lifetime', { lifetimeDays: 60 });

  await call('POST', '/api/admin/projects/default/features', {
    name: 'checkout',
    description: 'The new checkout',
    impressionData: true,
  });
  await call('POST', '/api/admin/projects/default/features', {
    name: 'checkout-wallets',
    type: 'experiment',
  });
  await call('POST', '/api/admin/projects/default/features', { name: 'search', type: 'operational' });
  await call('POST', '/api/admin/projects/default/features', { name: 'old-banner', type: 'release' });
  await call('PATCH', flag('search'), [{ op: 'replace', path: '/stale', value: true }]);

  await call('POST', `${env('checkout', 'development')}/strategies`, {
    name: 'flexibleRollout',
    title: 'Half of Europe',
    parameters: { rollout: '50', stickiness: 'default', groupId: 'checkout' },
    constraints: [
      { contextName: 'region', operator: 'IN', values: ['eu'] },
      { contextName: 'currentTime', operator: 'DATE_AFTER', value: '2026-03-01T00:00:00.000Z' },
    ],
    segments: [beta.id],
    variants: [
      {
        name: 'blue',
        weight: 500,
        weightType: 'variable',
        stickiness: 'default',
        payload: { type: 'string', value: 'b' },
      },
      {
        name: 'red',
        weight: 500,
        weightType: 'variable',
        stickiness: 'default',
        payload: { type: 'json', value: '{"c":1}' },
      },
    ],
  });
  await call('POST', `${env('checkout', 'development')}/strategies`, {
    name: 'flexibleRollout',
    title: 'Everyone (paused)',
    parameters: { rollout: '100', stickiness: 'default', groupId: 'checkout' },
    disabled: true,
  });
  await call('POST', `${env('checkout', 'development')}/strategies`, {
    name: 'flexibleRollout',
    parameters: { rollout: '20', stickiness: 'userId', groupId: 'checkout' },
    constraints: [
      {
        contextName: 'email',
        operator: 'STR_ENDS_WITH',
        values: ['@example.com'],
        caseInsensitive: true,
        inverted: true,
      },
    ],
  });
  await call('POST', `${env('checkout', 'production')}/strategies`, {
    name: 'flexibleRollout',
    parameters: { rollout: '100', stickiness: 'default', groupId: 'checkout' },
  });
  await call('PUT', `${env('checkout', 'production')}/variants`, [
    {
      name: 'a',
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
      payload: { type: 'json', value: '{"size":1}' },
      overrides: [{ contextName: 'userId', values: ['7'] }],
    },
    { name: 'b', weight: 200, weightType: 'fix', stickiness: 'default' },
  ]);
  await call('POST', `${env('checkout', 'development')}/on`);
  await call('POST', `${env('checkout', 'production')}/on`);

  await call('POST', `${env('checkout-wallets', 'development')}/strategies`, {
    name: 'default',
    parameters: {},
  });
  await call('POST', `${env('checkout-wallets', 'development')}/on`);
  await call('POST', `${flag('checkout-wallets')}/dependencies`, { feature: 'checkout', enabled: true });

  await call('POST', `${env('search', 'development')}/strategies`, {
    name: 'byRegion',
    parameters: { regions: 'eu,us' },
  });
  await call('POST', `${env('search', 'development')}/strategies`, {
    name: 'flexibleRollout',
    parameters: { rollout: '30', stickiness: 'sessionId', groupId: 'search' },
    constraints: [{ contextName: 'region', operator: 'IN', values: ['us'] }],
  });
  await call('POST', `${env('search', 'development')}/on`);
  await call('POST', '/api/admin/features/checkout/tags', { type: 'team', value: 'payments' });
  await call('POST', '/api/admin/features/search/tags', { type: 'simple', value: 'core' });
  await call('POST', '/api/admin/projects/default/archive', { features: ['old-banner'] });

  const token = async (body: object) =>
    (await call<{ secret: string }>('POST', '/api/admin/api-tokens', body)).secret;
  const clientDevelopment = await token({
    tokenName: 'shop-dev',
    type: 'client',
    environment: 'development',
    projects: ['default'],
  });
  const clientProduction = await token({
    tokenName: 'shop-prod',
    type: 'client',
    environment: 'production',
    projects: ['*'],
  });
  const frontend = await token({
    tokenName: 'web',
    type: 'frontend',
    environment: 'development',
    projects: ['default'],
  });

  await call('POST', '/api/admin/user-admin', {
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    rootRole: 2,
    sendEmail: false,
  });
  // Unleash masks the API key when it lists integrations: the migration hands this one to a person.
  await call('POST', '/api/admin/addons', {
    provider: 'datadog',
    description: 'metrics',
    enabled: true,
    parameters: { apiKey: 'dd-very-secret' },
    events: ['feature-updated'],
    projects: [],
    environments: [],
  });
  return { clientDevelopment, clientProduction, frontend };
}
