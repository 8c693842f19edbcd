import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('answers health and readiness without credentials', async () => {
  expect((await t.app.inject('/health')).json()).toEqual({ health: 'GOOD' });
  expect((await t.app.inject('/ready')).json()).toEqual({ health: 'READY' });
});

it('serves Prometheus metrics including request counts', async () => {
  await t.app.inject('/health');
  const response = await t.app.inject('/internal-backstage/prometheus');
  expect(response.headers['content-type']).toContain('text/plain');
  expect(response.body).toMatch(/^process_resident_memory_bytes\{process="primary"\} \d+$/m);
  expect(response.body).toMatch(/http_requests_total\{method="GET",route="\/health",status="200"\} \d+/);
});

it('answers an unknown route with the one error format', async () => {
  const response = await t.app.inject('/api/admin/nothing-here');
  expect(response.statusCode).toBe(401);
  const anonymous = await t.app.inject('/no-such-page.json');
  expect(anonymous.statusCode).toBe(404);
  expect(Object.keys(anonymous.json()).sort()).toEqual(['details', 'id', 'message', 'name']);
});

it('treats an empty JSON body as no body, and malformed JSON as a 400', async () => {
  const empty = await t.admin({
    method: 'POST',
    url: '/api/admin/user/tokens',
    headers: { 'content-type': 'application/json' },
    payload: '',
  });
  expect(empty.statusCode).toBe(400);
  expect(empty.json().name).toBe('BadDataError');
  expect(empty.json().message).not.toContain('Body cannot be empty');
  const broken = await t.admin({
    method: 'POST',
    url: '/api/admin/api-tokens',
    headers: { 'content-type': 'application/json' },
    payload: '{"tokenName":',
  });
  expect(broken.statusCode).toBe(400);
  expect(broken.json().name).toBe('BadDataError');
});
