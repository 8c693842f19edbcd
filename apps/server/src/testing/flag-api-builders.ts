/**
 * Test builders for flag management through the Admin API: each test makes its own flags with unique names, so
 * nothing needs cleaning.
 */
import { expect } from 'vitest';
import type { Db } from '../db/db.ts';
import type { TestApp } from './test-app.ts';

let counter = 0;
/** A flag name no other test in the file uses. */
export const uniqueName = (prefix = 'flag') => `${prefix}-${++counter}-${Date.now().toString(36)}`;

export const flagUrl = (name: string, project = 'default') =>
  `/api/admin/projects/${project}/features/${encodeURIComponent(name)}`;
export const environmentUrl = (name: string, environment = 'development', project = 'default') =>
  `${flagUrl(name, project)}/environments/${environment}`;

/** Creates a flag through the API and returns its name. */
export async function buildFlag(
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

/** Adds a strategy through the API and returns it as the API answered. */
export async function buildStrategy(
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

export async function count(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS counted`, params);
  return row!.n;
}

/** Types of the events recorded for a flag, oldest first. */
export async function eventTypes(db: Db, flag: string): Promise<string[]> {
  const rows = await db.query<{ type: string }>(
    'SELECT type FROM events WHERE feature_name = $1 ORDER BY id',
    [flag],
  );
  return rows.map((row) => row.type);
}

export async function lastEvent(db: Db, flag: string) {
  const [row] = await db.query<{
    type: string;
    data: unknown;
    pre_data: unknown;
    environment: string | null;
    created_by: string;
  }>(
    'SELECT type, data, pre_data, environment, created_by FROM events WHERE feature_name = $1 ORDER BY id DESC LIMIT 1',
    [flag],
  );
  return row;
}

/** A row-level snapshot of everything flag management stores, to assert a failed request changed nothing. */
export async function snapshot(db: Db): Promise<string> {
  const tables = [
    'flags',
    'flag_environments',
    'flag_strategies',
    'flag_strategy_segments',
    'flag_links',
    'flag_completions',
    'favorite_flags',
    'favorite_projects',
  ];
  const parts: unknown[] = [];
  for (const table of tables) parts.push(await db.query(`SELECT * FROM ${table} ORDER BY 1, 2`));
  parts.push(await count(db, 'SELECT 1 FROM events'));
  return JSON.stringify(parts);
}
