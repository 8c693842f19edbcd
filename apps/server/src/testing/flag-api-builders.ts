/**
 * Helpers for tests of flag management through the Admin API: each test makes its own flags with unique names, so
 * nothing needs cleaning. Tests of anything else build flags by SQL with buildFlag() (flag-builder.ts).
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

let made = 0;
/**
 * A flag name no other test uses: names made later sort later (tests compare lists in name order), and a random part
 * keeps them apart across worker processes.
 */
export const uniqueName = (prefix = 'flag') =>
  `${prefix}-${String(++made).padStart(6, '0')}-${randomBytes(3).toString('hex')}`;

export const flagUrl = (name: string, project = 'default') =>
  `/api/admin/projects/${project}/features/${encodeURIComponent(name)}`;
export const environmentUrl = (name: string, environment = 'development', project = 'default') =>
  `${flagUrl(name, project)}/environments/${environment}`;

/** Creates a flag through the Admin API and returns its name. */
export async function createFlagThroughApi(
  t: TestApp,
  body: Record<string, unknown> = {},
  project = 'default',
): Promise<string> {
  const name = (body.name as string | undefined) ?? uniqueName();
  const response = await t.admin({
    method: 'POST',
    url: `/api/admin/projects/${project}/features`,
    payload: { name, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return name;
}

/** Adds a strategy through the Admin API and returns it as the API answered. */
export async function addStrategyThroughApi(
  t: TestApp,
  flag: string,
  body: Record<string, unknown> = { name: 'default' },
  environment = 'development',
): Promise<{ id: string } & Record<string, unknown>> {
  const response = await t.admin({
    method: 'POST',
    url: `${environmentUrl(flag, environment)}/strategies`,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
