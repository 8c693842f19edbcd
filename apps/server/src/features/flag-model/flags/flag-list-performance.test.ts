import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const FLAGS = 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Bulk-loaded by SQL: the API path for creating is covered elsewhere, this file measures the list.
  await t.db.query(
    `INSERT INTO flags (name, project_id, description, created_at)
     SELECT 'perf-' || lpad(i::text, 4, '0'), 'default', 'Flag number ' || i, now() - (1000 - i) * interval '1 second'
       FROM generate_series(1, $1) AS i`,
    [FLAGS],
  );
  await t.db.query(
    `INSERT INTO flag_strategies (id, flag_name, environment_name, strategy_name, parameters, constraints, sort_order)
     SELECT gen_random_uuid()::text, name, 'development', 'flexibleRollout',
            jsonb_build_object('rollout', '50', 'stickiness', 'default', 'groupId', name),
            '[{"contextName":"appName","operator":"IN","values":["web"],"inverted":false,"caseInsensitive":false}]', 0
       FROM flags WHERE name LIKE 'perf-%'`,
  );
  await t.db.query(
    `INSERT INTO flag_environments (flag_name, environment_name, enabled, variants)
     SELECT name, 'development', true, '[{"name":"a","weight":1000,"weightType":"variable","stickiness":"default"}]'
       FROM flags WHERE name LIKE 'perf-%'`,
  );
});
afterAll(() => t.close());

const list = () => t.admin({ method: 'GET', url: '/api/admin/projects/default/features' });
/** Any write through the flag routes empties the list cache, so the next list is built from the database. */
const touch = () =>
  t.admin({
    method: 'PATCH',
    url: '/api/admin/projects/default/features/perf-0001',
    payload: [{ op: 'replace', path: '/description', value: `${Math.random()}` }],
  });

describe('getFeatures with 1,000 flags', () => {
  it('builds the list in one statement, whatever the number of flags (no N+1), and then serves it from cache', async () => {
    await touch();
    const original = t.db.query;
    const statements: string[] = [];
    t.db.query = ((sql: string, params?: unknown[]) => {
      statements.push(sql);
      return original.call(t.db, sql, params);
    }) as typeof t.db.query;
    try {
      const response = await list();
      expect(response.statusCode).toBe(200);
      const features = response.json().features;
      expect(features).toHaveLength(FLAGS);
      expect(features[0]).toMatchObject({
        name: 'perf-0001',
        environments: [
          {
            name: 'development',
            enabled: true,
            variantCount: 1,
            hasStrategies: true,
            hasEnabledStrategies: true,
          },
          { name: 'production', enabled: false, variantCount: 0, hasStrategies: false },
        ],
      });
      const built = statements.filter((sql) => /\bflags\b/.test(sql)).length;
      expect(built).toBe(1);
      expect((await list()).body).toBe(response.body);
      expect(statements.filter((sql) => /\bflags\b/.test(sql)).length).toBe(built);
    } finally {
      t.db.query = original;
    }
  });

  it('shows a change at once: a write through the API empties the cache before it answers', async () => {
    await list();
    await t.admin({
      method: 'POST',
      url: '/api/admin/projects/default/features/perf-0002/environments/production/on',
    });
    const flag = (await list()).json().features.find((f: { name: string }) => f.name === 'perf-0002');
    expect(flag.environments[1]).toMatchObject({ name: 'production', enabled: true, hasStrategies: true });
  });

  it('sends the cached list gzipped to callers that accept it, compressed once', async () => {
    const plain = await list();
    const zipped = await t.admin({
      method: 'GET',
      url: '/api/admin/projects/default/features',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const again = await t.admin({
      method: 'GET',
      url: '/api/admin/projects/default/features',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(again.rawPayload.equals(zipped.rawPayload)).toBe(true);
  });
});
