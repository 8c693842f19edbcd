import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpReceiver, type HttpReceiver } from '../../../testing/http-receiver.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

/** Test events and the deprecated slack and teams providers, against real HTTP receivers on 127.0.0.1. */
let t: TestApp;
let receiver: HttpReceiver;
beforeAll(async () => {
  receiver = await startHttpReceiver();
  t = await createTestApp({
    INTEGRATION_ALLOWED_HOSTS: '127.0.0.1',
    INTEGRATION_TIMEOUT_MS: '2000',
    PUBLIC_URL: 'https://flags.example.com',
  });
}, 300_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function addon(body: Record<string, unknown>): Promise<number> {
  const response = await t.admin({
    method: 'POST',
    url: '/api/admin/addons',
    payload: { enabled: false, events: ['feature-created'], ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

const test = (id: number) => t.admin({ method: 'POST', url: `/api/admin/addons/${id}/test` });

const link = 'https://flags.example.com/projects/default/flags/switchyard-test-event';

describe('send a test event', () => {
  it('sends a made-up event at once, even to a disabled integration, and records nothing', async () => {
    const id = await addon({ provider: 'webhook', parameters: { url: `${receiver.url}/hook` } });
    const before = await t.db.query('SELECT id FROM events');
    const response = await test(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ state: 'success', stateDetails: 'Webhook: sent (200)' });
    const [request] = receiver.received.splice(0);
    expect(request!.path).toBe('/hook');
    expect(JSON.parse(request!.body)).toMatchObject({
      type: 'feature-environment-enabled',
      featureName: 'switchyard-test-event',
      environment: 'production',
    });
    expect(await t.db.query('SELECT id FROM events')).toEqual(before);
    expect(await t.db.query('SELECT id FROM addon_delivery_attempts')).toEqual([]);
  });

  it('answers how a failing receiver failed, without its body', async () => {
    const id = await addon({ provider: 'webhook', parameters: { url: `${receiver.url}/down` } });
    receiver.answers.push(503);
    const response = await test(id);
    expect(response.statusCode).toBe(200);
    expect(response.json().state).toBe('failed');
    expect(response.json().stateDetails).toMatch(/503/);
    receiver.received.splice(0);
  });

  it('needs UPDATE_ADDON and an integration that exists', async () => {
    expect((await test(9999)).statusCode).toBe(404);
    const viewer = await t.as('Viewer');
    const id = await addon({ provider: 'webhook', parameters: { url: `${receiver.url}/hook` } });
    expect((await viewer({ method: 'POST', url: `/api/admin/addons/${id}/test` })).statusCode).toBe(403);
  });
});

describe('deprecated providers', () => {
  it('slack posts to the incoming webhook with the username, emoji and default channel', async () => {
    const id = await addon({
      provider: 'slack',
      parameters: {
        url: `${receiver.url}/slack`,
        username: 'flags',
        emojiIcon: ':rocket:',
        defaultChannel: 'releases',
        customHeaders: '{"X-Team": "web"}',
      },
    });
    expect((await test(id)).json().state).toBe('success');
    const [request] = receiver.received.splice(0);
    expect(request!.path).toBe('/slack');
    expect(request!.headers['x-team']).toBe('web');
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({ channel: 'releases', username: 'flags', icon_emoji: ':rocket:' });
    expect(body.text).toContain(
      `enabled flag <${link}|switchyard-test-event> *in production* *(project default)*`,
    );
  });

  it('slack requires defaultChannel', async () => {
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/addons',
      payload: { provider: 'slack', enabled: true, events: [], parameters: { url: `${receiver.url}/slack` } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('/body/parameters/defaultChannel');
  });

  it('teams posts a MessageCard with a link to the flag', async () => {
    const id = await addon({ provider: 'teams', parameters: { url: `${receiver.url}/teams` } });
    expect((await test(id)).json().state).toBe('success');
    const [request] = receiver.received.splice(0);
    const card = JSON.parse(request!.body);
    expect(card['@type']).toBe('MessageCard');
    expect(card.potentialAction[0].targets[0].uri).toBe(link);
    expect(card.sections[0].text).toContain('enabled flag');
  });
});
