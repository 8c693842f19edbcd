import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag, buildSegment } from '../../../testing/flag-builder.ts';
import { CLIENT_TOKEN, createTestApp, FRONTEND_TOKEN, type TestApp } from '../../../testing/test-app.ts';

// A flag that is off in an environment is served as stored (enabled: false, strategies and variants in full), as
// Unleash does: edges, proxies and exporters that mirror the Client API must not lose its configuration.
let t: TestApp;
let base: string;
let segmentId: number;
const spec = { 'unleash-client-spec': '5.2.0' };

const rollout = () => ({
  name: 'flexibleRollout',
  parameters: { rollout: '100', stickiness: 'default', groupId: 'paused' },
  constraints: [{ contextName: 'plan', operator: 'IN', values: ['pro', 'team'] }],
  segments: [segmentId],
  variants: [
    { name: 'red', weight: 500, weightType: 'variable', stickiness: 'default' },
    {
      name: 'green',
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
      payload: { type: 'string', value: 'g' },
    },
  ],
});
const byId = {
  name: 'userWithId',
  parameters: { userIds: 'u1,u2' },
  constraints: [{ contextName: 'appName', operator: 'STR_STARTS_WITH', values: ['shop'], inverted: true }],
};
const flagVariants = [
  {
    name: 'blue',
    weight: 1000,
    weightType: 'variable',
    stickiness: 'userId',
    payload: { type: 'json', value: '{"a":1}' },
  },
];

/** The flag as SDKs must receive it while it is off in development. */
const expected = (enabled = false) => ({
  name: 'paused',
  type: 'release',
  description: null,
  project: 'default',
  enabled,
  stale: false,
  impressionData: false,
  strategies: [
    {
      name: 'flexibleRollout',
      constraints: [
        {
          contextName: 'plan',
          operator: 'IN',
          values: ['pro', 'team'],
          inverted: false,
          caseInsensitive: false,
        },
      ],
      parameters: { rollout: '100', stickiness: 'default', groupId: 'paused' },
      variants: rollout().variants,
      segments: [segmentId],
    },
    {
      name: 'userWithId',
      constraints: [
        {
          contextName: 'appName',
          operator: 'STR_STARTS_WITH',
          values: ['shop'],
          inverted: true,
          caseInsensitive: false,
        },
      ],
      parameters: { userIds: 'u1,u2' },
      variants: [],
    },
  ],
  variants: flagVariants,
});
type StreamData = { events: { type: string; features?: { name: string }[]; feature?: unknown }[] };
const find = (features: { name: string }[], name = 'paused') => features.find((f) => f.name === name);

beforeAll(async () => {
  t = await createTestApp();
  segmentId = await buildSegment(t.db, 'staff', [
    { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com'] },
  ]);
  await buildFlag(t.db, {
    name: 'paused',
    environments: {
      development: { enabled: false, strategies: [rollout(), byId], variants: flagVariants },
      production: { enabled: true, strategies: [{}] },
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

const client = (url: string, headers: Record<string, string> = spec) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: CLIENT_TOKEN, ...headers } });

describe('a flag that is off in the environment', () => {
  it('is served in full by GET /api/client/features, the same on the fast path', async () => {
    const body = (await client('/api/client/features')).json();
    expect(find(body.features)).toEqual(expected());
    expect(body.segments.map((s: { id: number }) => s.id)).toEqual([segmentId]);
    // Twice over HTTP: the first poll fills the caches, the second is answered by the fast path.
    const poll = () =>
      fetch(`${base}/api/client/features`, { headers: { authorization: CLIENT_TOKEN, ...spec } });
    await (await poll()).arrayBuffer();
    expect(find((await (await poll()).json()).features)).toEqual(expected());
    expect((await client('/api/client/features/paused')).json()).toEqual(expected());
  });

  it('keeps its strategies for SDKs that get segment constraints inlined', async () => {
    const feature = find((await client('/api/client/features', {})).json().features) as ReturnType<
      typeof expected
    >;
    expect(feature.enabled).toBe(false);
    expect(feature.variants).toEqual(flagVariants);
    expect(feature.strategies.map((s) => s.name)).toEqual(['flexibleRollout', 'userWithId']);
    expect(feature.strategies[0]!.constraints.map((c) => c.contextName)).toEqual(['plan', 'email']);
    expect(feature.strategies[0]!.variants).toEqual(rollout().variants);
  });

  it('is served in full by the delta API', async () => {
    const body = (await client('/api/client/delta')).json();
    const [hydration] = body.events;
    expect(hydration.type).toBe('hydration');
    expect(find(hydration.features)).toEqual(expected());
  });

  it('is served in full when streaming, on connect and after being turned on and off again', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/client/streaming`, {
      headers: { authorization: CLIENT_TOKEN },
      signal: controller.signal,
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    const nextEvent = async (): Promise<{ event: string; data: StreamData }> => {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (block.startsWith(':')) continue; // a keep-alive
          const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(block)?.[1];
          return { event: field('event')!, data: JSON.parse(field('data')!) };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffered += value;
      }
    };
    try {
      const connected = await nextEvent();
      expect(connected.event).toBe('unleash-connected');
      expect(find(connected.data.events[0]!.features!)).toEqual(expected());

      const toggle = (state: 'on' | 'off') =>
        t.admin({
          method: 'POST',
          url: `/api/admin/projects/default/features/paused/environments/development/${state}`,
        });
      expect((await toggle('on')).statusCode).toBe(200);
      const on = await nextEvent();
      expect(on.event).toBe('unleash-updated');
      expect(on.data.events).toEqual([
        expect.objectContaining({ type: 'feature-updated', feature: expected(true) }),
      ]);
      expect((await toggle('off')).statusCode).toBe(200);
      const off = await nextEvent();
      expect(off.data.events).toEqual([
        expect.objectContaining({ type: 'feature-updated', feature: expected() }),
      ]);
    } finally {
      await reader.cancel().catch(() => undefined);
      controller.abort();
    }
  });

  it('still evaluates to false in the Frontend API and the playground', async () => {
    const context = { userId: 'u1', appName: 'web', properties: { plan: 'pro', email: 'ann@example.com' } };
    const frontend = await t.app.inject({
      method: 'POST',
      url: '/api/frontend',
      headers: { authorization: FRONTEND_TOKEN },
      payload: { context },
    });
    expect(frontend.statusCode).toBe(200);
    expect(find(frontend.json().toggles)).toBeUndefined();
    const playground = await t.admin({
      method: 'POST',
      url: '/api/admin/playground',
      payload: { environment: 'development', context: { ...context, ...context.properties } },
    });
    expect(find(playground.json().features)).toMatchObject({
      isEnabled: false,
      isEnabledInCurrentEnvironment: false,
      variant: { name: 'disabled', enabled: false },
    });
  });
});
