import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpReceiver, type HttpReceiver } from '../../../testing/http-receiver.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import type { NewEvent } from '../../flag-model/events/event.ts';

/** Deliveries through the outbox to real HTTP receivers on 127.0.0.1, with a fast poll and short retry delays. */
let t: TestApp;
const receivers: HttpReceiver[] = [];
beforeAll(async () => {
  t = await createTestApp({
    INTEGRATION_ALLOWED_HOSTS: '127.0.0.1',
    INTEGRATION_POLL_INTERVAL_MS: '20',
    INTEGRATION_RETRY_DELAY_MS: '50',
    INTEGRATION_TIMEOUT_MS: '1500',
    PUBLIC_URL: 'https://flags.example.com',
  });
});
afterAll(async () => {
  await t.close();
  for (const receiver of receivers) await receiver.close();
});

async function receiver(): Promise<HttpReceiver> {
  const started = await startHttpReceiver();
  receivers.push(started);
  return started;
}

async function addon(body: Record<string, unknown>): Promise<number> {
  const response = await t.admin({
    method: 'POST',
    url: '/api/admin/addons',
    payload: { enabled: true, events: ['feature-environment-enabled'], ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

/** Appends an event as a change would: in a transaction, through the event store. */
const record = (event: Partial<NewEvent> & { type: string }) =>
  t.db.transaction((tx) => createEventStore(tx).append({ createdBy: 'alice', project: 'default', ...event }));

async function log(id: number) {
  const response = await t.admin({ method: 'GET', url: `/api/admin/addons/${id}/events` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().integrationEvents as {
    state: string;
    stateDetails: string;
    event: { id: number; type: string };
    details: Record<string, unknown>;
  }[];
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const stop = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > stop) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('webhook deliveries', () => {
  it('POSTs the event as JSON with the content type, authorization and custom headers', async () => {
    const hook = await receiver();
    const id = await addon({
      provider: 'webhook',
      parameters: {
        url: `${hook.url}/hooks/switchyard?team=web`,
        authorization: 'Bearer s3cret',
        customHeaders: '{"X-Team": "checkout", "X-Count": 3}',
      },
    });
    const event = await record({
      type: 'feature-environment-enabled',
      flagName: 'checkout',
      environment: 'production',
      data: { enabled: true },
    });
    const [request] = await hook.waitFor(1);
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/hooks/switchyard?team=web');
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer s3cret',
      'x-team': 'checkout',
      'x-count': '3',
    });
    expect(JSON.parse(request!.body)).toMatchObject({
      id: event.id,
      type: 'feature-environment-enabled',
      featureName: 'checkout',
      project: 'default',
      environment: 'production',
      createdBy: 'alice',
      data: { enabled: true },
    });
    const entries = await until(
      () => log(id),
      (l) => l.length === 1,
    );
    expect(entries[0]).toMatchObject({ state: 'success', event: { id: event.id } });
    expect(JSON.stringify(entries)).not.toContain('receiver secret body');
  });

  it('renders the Mustache body template with event, eventJson and eventMarkdown', async () => {
    const hook = await receiver();
    await addon({
      provider: 'webhook',
      parameters: {
        url: hook.url,
        contentType: 'text/plain',
        bodyTemplate:
          '{{event.type}} of {{event.featureName}} by {{event.createdBy}} <{{event.data.note}}> {{{event.data.note}}}\n{"raw": "{{{eventJson}}}"}\n{{{eventMarkdown}}}',
      },
    });
    await record({
      type: 'feature-environment-enabled',
      flagName: 'search',
      environment: 'production',
      data: { note: 'a&b' },
    });
    const [request] = await hook.waitFor(1);
    expect(request!.headers['content-type']).toBe('text/plain');
    const [line1, line2, line3] = request!.body.split('\n');
    expect(line1).toBe('feature-environment-enabled of search by alice <a&amp;b> a&b');
    expect(JSON.parse(JSON.parse(line2!).raw)).toMatchObject({
      featureName: 'search',
      data: { note: 'a&b' },
    });
    expect(line3).toBe(
      '**alice** enabled flag [search](https://flags.example.com/projects/default/flags/search) *in production* *(project default)*',
    );
  });

  it('sends only the events, projects and environments the filters name', async () => {
    const hook = await receiver();
    await addon({
      provider: 'webhook',
      parameters: {
        url: hook.url,
        bodyTemplate: '{{event.type}} {{event.project}} {{event.environment}} {{event.featureName}}',
      },
      events: ['feature-environment-enabled', 'feature-created'],
      projects: ['web'],
      environments: ['production'],
    });
    await record({
      type: 'feature-environment-enabled',
      project: 'web',
      environment: 'development',
      flagName: 'a',
    });
    await record({
      type: 'feature-environment-enabled',
      project: 'mobile',
      environment: 'production',
      flagName: 'b',
    });
    await record({
      type: 'feature-environment-disabled',
      project: 'web',
      environment: 'production',
      flagName: 'c',
    });
    await record({
      type: 'feature-environment-enabled',
      project: 'web',
      environment: 'production',
      flagName: 'd',
    });
    await record({ type: 'feature-created', project: 'web', flagName: 'e' }); // no environment: passes that filter
    await record({ type: 'feature-created', project: 'default', flagName: 'f' });
    const received = await hook.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.map((r) => r.body)).toEqual([
      'feature-environment-enabled web production d',
      'feature-created web  e',
    ]);
  });

  it('retries a failing receiver with backoff and logs every attempt: failed, failed, success', async () => {
    const hook = await receiver();
    hook.answers.push(500, 503);
    const id = await addon({ provider: 'webhook', parameters: { url: hook.url } });
    await record({ type: 'feature-environment-enabled', flagName: 'retry', environment: 'production' });
    const entries = await until(
      () => log(id),
      (l) => l.length === 3,
    );
    expect(hook.received).toHaveLength(3);
    expect(entries.map((e) => e.state)).toEqual(['success', 'failed', 'failed']);
    expect(entries[2]!.stateDetails).toBe('Webhook: the receiver answered 500');
    expect(entries[2]!.details).toMatchObject({ status: 500, attempt: 1, nextAttemptInMs: 50 });
    expect(entries[1]!.details).toMatchObject({ status: 503, attempt: 2, nextAttemptInMs: 100 });
    expect(entries[0]!.details).toMatchObject({ status: 200, attempt: 3 });
  });

  it("keeps the order of an addon's events while one is retried", async () => {
    const hook = await receiver();
    hook.answers.push(500);
    await addon({
      provider: 'webhook',
      parameters: { url: hook.url, bodyTemplate: '{{event.featureName}}' },
    });
    for (const name of ['one', 'two', 'three'])
      await record({ type: 'feature-environment-enabled', flagName: name, environment: 'production' });
    const received = await hook.waitFor(4);
    expect(received.map((r) => r.body)).toEqual(['one', 'one', 'two', 'three']);
  });

  it('does not follow redirects', async () => {
    const hook = await receiver();
    hook.answers.push(302, 302, 302, 302, 302, 302);
    const id = await addon({ provider: 'webhook', parameters: { url: hook.url } });
    await record({ type: 'feature-environment-enabled', flagName: 'moved', environment: 'production' });
    const [entry] = await until(
      () => log(id),
      (l) => l.length >= 1,
    );
    expect(entry!.stateDetails).toBe('Webhook: the receiver answered 302 (a redirect, not followed)');
  });

  it('never slows an admin write: a receiver that does not answer is sent to outside the request', async () => {
    const dead = await receiver();
    dead.answers.push('hang', 'hang', 'hang', 'hang', 'hang', 'hang');
    await addon({ provider: 'webhook', parameters: { url: dead.url }, events: ['feature-created'] });
    const started = Date.now();
    for (let i = 0; i < 5; i++) {
      const response = await t.admin({
        method: 'POST',
        url: '/api/admin/projects/default/features',
        payload: { name: `dead-receiver-${i}` },
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    await dead.waitFor(1);
    const write = Date.now();
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/default/features',
      payload: { name: 'while-hanging' },
    });
    expect(response.statusCode).toBeLessThan(300);
    expect(Date.now() - write).toBeLessThan(1000);
    expect(write - started).toBeLessThan(3000);
  });

  it('refuses at connect time an address that was allowed when saved (the check is made again)', async () => {
    const strict = await createTestApp({
      INTEGRATION_ALLOWED_HOSTS: '*',
      INTEGRATION_POLL_INTERVAL_MS: '20',
    });
    const hook = await receiver();
    try {
      const created = await strict.admin({
        method: 'POST',
        url: '/api/admin/addons',
        payload: {
          provider: 'webhook',
          enabled: true,
          parameters: { url: `http://localhost:${new URL(hook.url).port}/` },
          events: ['x-test'],
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const { createAddonDeliveryWorker } = await import('./addon-delivery-worker.ts');
      // A worker under a stricter policy than the one the URL was saved under, as after DNS changed.
      await strict.app.close();
      const worker = createAddonDeliveryWorker(strict.db, {
        intervalMs: 1000,
        retryDelayMs: 1,
        maxAttempts: 1,
        timeoutMs: 1000,
        policy: { allowedHosts: [] },
        context: { publicUrl: 'http://localhost', slackApiUrl: 'http://localhost' },
        secrets: strict.secrets,
      });
      await strict.db.transaction((tx) =>
        createEventStore(tx).append({ type: 'x-test', createdBy: 'alice' }),
      );
      await worker.drain();
      const rows = await strict.db.query<{ state: string; state_details: string }>(
        'SELECT * FROM addon_delivery_attempts',
      );
      expect(rows).toEqual([expect.objectContaining({ state: 'failed' })]);
      expect(rows[0]!.state_details).toMatch(/refused: localhost resolves to 127\.0\.0\.1/);
      expect(hook.received).toHaveLength(0);
    } finally {
      await strict.db.close();
    }
  });
});

describe('stopping', () => {
  it('cuts a request in flight short, records it as failed and leaves the delivery for a retry', async () => {
    const hook = await receiver();
    hook.answers.push('hang');
    const stopping = await createTestApp({
      INTEGRATION_ALLOWED_HOSTS: '127.0.0.1',
      INTEGRATION_POLL_INTERVAL_MS: '20',
      INTEGRATION_TIMEOUT_MS: '60000',
    });
    try {
      const created = await stopping.admin({
        method: 'POST',
        url: '/api/admin/addons',
        payload: { provider: 'webhook', enabled: true, parameters: { url: hook.url }, events: ['x-test'] },
      });
      expect(created.statusCode, created.body).toBe(200);
      await stopping.db.transaction((tx) =>
        createEventStore(tx).append({ type: 'x-test', createdBy: 'alice' }),
      );
      await hook.waitFor(1);
      const started = Date.now();
      await stopping.app.close();
      expect(Date.now() - started).toBeLessThan(2000);
      const [delivery] = await stopping.db.query<{ state: string; claim_token: string | null }>(
        'SELECT state, claim_token FROM addon_deliveries',
      );
      expect(delivery).toEqual({ state: 'pending', claim_token: null });
      const attempts = await stopping.db.query<{ state: string; state_details: string }>(
        'SELECT state, state_details FROM addon_delivery_attempts',
      );
      expect(attempts).toEqual([
        { state: 'failed', state_details: 'Webhook: Switchyard stopped before an answer came' },
      ]);
    } finally {
      await stopping.db.close();
    }
  });
});

describe('other providers', () => {
  it('teamsworkflow, datadog, new-relic and slack-app send readable messages with their headers', async () => {
    const teams = await receiver();
    const dd = await receiver();
    const nr = await receiver();
    const slack = await receiver();
    const other = await createTestApp({
      INTEGRATION_ALLOWED_HOSTS: '127.0.0.1',
      INTEGRATION_POLL_INTERVAL_MS: '20',
      PUBLIC_URL: 'https://flags.example.com',
      SLACK_API_URL: `${slack.url}/api`,
    });
    try {
      const events = ['feature-environment-enabled'];
      for (const payload of [
        { provider: 'teamsworkflow', parameters: { url: `${teams.url}/workflow` } },
        {
          provider: 'datadog',
          parameters: { url: `${dd.url}/api/v1/events`, apiKey: 'dd-key', sourceTypeName: 'switchyard' },
        },
        {
          provider: 'new-relic',
          parameters: { url: `${nr.url}/v1/accounts/1/events`, licenseKey: 'nr-key' },
        },
        { provider: 'slack-app', parameters: { accessToken: 'xoxb-1', defaultChannels: 'releases, ops' } },
      ]) {
        const response = await other.admin({
          method: 'POST',
          url: '/api/admin/addons',
          payload: { enabled: true, events, ...payload },
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      await other.db.transaction((tx) =>
        createEventStore(tx).append({
          type: 'feature-environment-enabled',
          createdBy: 'alice',
          project: 'web',
          flagName: 'checkout',
          environment: 'production',
          tags: [{ type: 'slack', value: 'checkout-team' }],
        }),
      );
      const text =
        '**alice** enabled flag [checkout](https://flags.example.com/projects/web/flags/checkout) *in production* *(project web)*';
      const [card] = await teams.waitFor(1);
      expect(card!.path).toBe('/workflow');
      const content = JSON.parse(card!.body).attachments[0].content;
      expect(content.body[1].text).toBe(text);
      expect(content.actions[0].url).toBe('https://flags.example.com/projects/web/flags/checkout');

      const [event] = await dd.waitFor(1);
      expect(event!.headers['dd-api-key']).toBe('dd-key');
      expect(JSON.parse(event!.body)).toEqual({
        title: 'feature-environment-enabled: checkout',
        text: `%%% \n${text}\n %%%`,
        tags: ['flag:checkout', 'project:web', 'environment:production'],
        source_type_name: 'switchyard',
      });

      const [custom] = await nr.waitFor(1);
      expect(custom!.headers['api-key']).toBe('nr-key');
      expect(JSON.parse(custom!.body)).toMatchObject({
        eventType: 'SwitchyardEvent',
        switchyardEventType: 'feature-environment-enabled',
        featureName: 'checkout',
        text: 'alice enabled flag checkout in production (project web)',
      });

      const posts = await slack.waitFor(3);
      expect(posts.map((p) => p.path)).toEqual([
        '/api/chat.postMessage',
        '/api/chat.postMessage',
        '/api/chat.postMessage',
      ]);
      expect(posts[0]!.headers.authorization).toBe('Bearer xoxb-1');
      expect(posts.map((p) => JSON.parse(p.body).channel)).toEqual(['releases', 'ops', 'checkout-team']);
      expect(JSON.parse(posts[0]!.body).text).toBe(
        '*alice* enabled flag <https://flags.example.com/projects/web/flags/checkout|checkout> *in production* *(project web)*',
      );
    } finally {
      await other.close();
    }
  });
});
