import { describe, expect, it } from 'vitest';
import { readEdgeConfig } from './edge-config.ts';
import { createEdgeMetrics, type BulkApplication, type BulkMetric } from './edge-metrics.ts';
import { scopeKey, scopeOfKey } from './edge-sync.ts';
import { parseEvent, UpstreamUnavailable, type EdgeToken } from './edge-upstream.ts';

const client: EdgeToken = {
  token: 'default:development.a',
  type: 'client',
  projects: ['default'],
  environment: 'development',
};

describe('parseEvent', () => {
  it('reads the event name, id and delta events of one server-sent event', () => {
    const block =
      'event: unleash-updated\nid: 42\ndata: {"events":[{"eventId":42,"type":"feature-removed","featureName":"a","project":"p"}]}';
    expect(parseEvent(block)).toEqual({
      event: 'unleash-updated',
      id: 42,
      events: [{ eventId: 42, type: 'feature-removed', featureName: 'a', project: 'p' }],
    });
  });
  it('ignores keep-alive comments and unreadable data', () => {
    expect(parseEvent(': keep-alive')).toBeUndefined();
    expect(parseEvent('event: x\ndata: {not json')).toBeUndefined();
  });
});

describe('scope keys', () => {
  it('name an environment and its sorted projects, and read back', () => {
    const key = scopeKey({ type: 'client', environment: 'production', projects: ['web', 'api', 'web'] });
    expect(key).toBe('production|api,web');
    expect(scopeOfKey(key)).toEqual({ type: 'client', environment: 'production', projects: ['api', 'web'] });
  });
});

describe('createEdgeMetrics', () => {
  const metric = (featureName: string): BulkMetric => ({
    featureName,
    appName: 'app',
    environment: 'development',
    yes: 1,
    no: 0,
    variants: {},
  });
  const application: BulkApplication = { appName: 'app', instanceId: 'i1', environment: 'development' };

  it('sends one batch per environment with the edge in connectVia, and keeps what the upstream could not take', async () => {
    const sent: { token: string; body: { applications: BulkApplication[]; metrics: BulkMetric[] } }[] = [];
    let up = false;
    const metrics = createEdgeMetrics({
      post: async (token, body) => {
        if (!up) throw new UpstreamUnavailable('down');
        sent.push({ token, body });
      },
      tokenFor: (environment) => (environment === 'development' ? client.token : undefined),
      via: { appName: 'switchyard-edge', instanceId: 'edge-1' },
      log: () => undefined,
    });
    metrics.register(application);
    metrics.count([metric('a'), metric('b'), { ...metric('c'), environment: 'production' }]);
    await metrics.flush();
    expect(sent).toEqual([]);
    up = true;
    await metrics.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.token).toBe(client.token);
    expect(sent[0]!.body.metrics.map((m) => m.featureName)).toEqual(['a', 'b']);
    expect(sent[0]!.body.applications[0]!.connectVia).toEqual([
      { appName: 'switchyard-edge', instanceId: 'edge-1' },
    ]);
    await metrics.flush();
    expect(sent).toHaveLength(1); // production has no client token at this edge: held, not sent
  });
});

describe('readEdgeConfig', () => {
  const env = { UPSTREAM_URL: 'http://127.0.0.1:4242' };
  it('lets every origin call the Frontend API unless CORS_ORIGIN lists some', () => {
    expect(readEdgeConfig(env).corsOrigins).toEqual(['*']);
    expect(
      readEdgeConfig({ ...env, CORS_ORIGIN: 'https://app.example.com, http://localhost:5173' }).corsOrigins,
    ).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it('refuses a CORS_ORIGIN entry that is not an origin, naming it', () => {
    expect(() => readEdgeConfig({ ...env, CORS_ORIGIN: 'https://app.example.com/path' })).toThrow(
      /CORS_ORIGIN .*"https:\/\/app\.example\.com\/path"/,
    );
    expect(() => readEdgeConfig({ ...env, CORS_ORIGIN: 'app.example.com' })).toThrow(/CORS_ORIGIN/);
  });
});
