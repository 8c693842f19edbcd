import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  CLIENT_TOKEN,
  createTestApp,
  FRONTEND_TOKEN,
  type TestApp,
} from '../src/testing/test-app.ts';

/**
 * An OpenAPI-driven fuzz of every operation: each path parameter, query parameter and body field in turn gets a value
 * that a careless or hostile client could send (NUL, unpaired surrogates, 100k characters, numbers at and past every
 * integer range). Whatever comes back must be no 5xx, in the one error format, and a refused write must change nothing.
 * Seeded and bounded: the same requests on every run, a few thousand in all.
 */
type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean | Schema;
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Parameter = { in: 'path' | 'query'; name: string; schema?: Schema };
type Operation = {
  operationId: string;
  responses?: Record<string, { content?: Record<string, unknown> }>;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> };
};
type Case = { method: string; url: string; body?: unknown; target: string };

const SEED = 20261125;
const PER_LOCATION = 3;

/** mulberry32: a tiny deterministic generator, so every run sends the same requests. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(SEED);
const pick = <T>(values: readonly T[], count: number): T[] => {
  const pool = [...values];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length)
    chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  return chosen;
};

const BAD_STRINGS = [
  '\u0000',
  'name\u0000',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  'x'.repeat(100_000),
  '',
  ' ',
];
const BAD_NUMBERS = [
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  2 ** 53 + 2,
  2 ** 63 - 1024,
  2 ** 63,
  -(2 ** 64),
  1e308,
  -1,
  0,
  0.5,
];
/** As they arrive in a URL: percent-encoded, so the server decodes them. */
const BAD_URL_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F',
  'x'.repeat(5_000),
  '2147483648',
  '9223372036854775808',
  '-1',
  '1e400',
  '%25',
];

const PATH_VALUES: Record<string, string> = {
  projectId: 'default',
  featureName: 'fuzz-flag',
  environment: 'development',
  name: 'fuzz-name',
  contextField: 'appName',
  type: 'release',
  appName: 'fuzz-app',
  child: 'fuzz-flag',
  parent: 'fuzz-parent',
  strategyName: 'default',
};

let t: TestApp;
let doc: {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
beforeAll(async () => {
  t = await createTestApp();
  // Exposures and tracked events are written by a timer (decision record 0042): one firing between the two reads
  // of a refused write would look like that write's change. Stopped once the app is ready (which starts the timer),
  // nothing is written in the background.
  await t.app.ready();
  await t.app.experiments.stop();
  doc = (await t.app.inject('/docs/openapi.json')).json();
  const seed = [
    { method: 'POST', url: '/api/admin/projects/default/features', payload: { name: 'fuzz-flag' } },
    { method: 'POST', url: '/api/admin/projects/default/features', payload: { name: 'fuzz-parent' } },
    {
      method: 'POST',
      url: '/api/admin/projects/default/features/fuzz-flag/environments/development/strategies',
      payload: {
        name: 'flexibleRollout',
        parameters: { rollout: '50', stickiness: 'default', groupId: 'fuzz-flag' },
      },
    },
    { method: 'POST', url: '/api/admin/segments', payload: { name: 'fuzz-segment', constraints: [] } },
  ];
  for (const request of seed) expect((await t.admin(request)).statusCode, request.url).toBeLessThan(300);
}, 120_000);
afterAll(() => t.close());

const resolve = (schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema;

/** Every place in a body a value can go, as a path of keys, up to two levels deep. */
function fields(schema: Schema | undefined, depth = 0): { keys: (string | number)[]; schema: Schema }[] {
  const resolved = resolve(schema);
  if (!resolved || depth > 2) return [];
  const found: { keys: (string | number)[]; schema: Schema }[] = [];
  for (const [key, child] of Object.entries(resolved.properties ?? {})) {
    const childSchema = resolve(child) ?? {};
    found.push({ keys: [key], schema: childSchema });
    for (const inner of fields(childSchema, depth + 1))
      found.push({ keys: [key, ...inner.keys], schema: inner.schema });
    const items = resolve(childSchema.items);
    if (items) {
      found.push({ keys: [key, 0], schema: items });
      for (const inner of fields(items, depth + 1))
        found.push({ keys: [key, 0, ...inner.keys], schema: inner.schema });
    }
  }
  return found;
}

function replaced(body: unknown, keys: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string | number, unknown>;
  let cursor: Record<string | number, unknown> = copy;
  for (const [index, key] of keys.entries()) {
    if (index === keys.length - 1) cursor[key] = value;
    else {
      const nextKey = keys[index + 1];
      if (typeof cursor[key] !== 'object' || cursor[key] === null)
        cursor[key] = typeof nextKey === 'number' ? [] : {};
      cursor = cursor[key] as Record<string | number, unknown>;
    }
  }
  return copy;
}

const badValuesFor = (schema: Schema): unknown[] =>
  schema.type === 'integer' || schema.type === 'number'
    ? BAD_NUMBERS
    : schema.type === 'string'
      ? BAD_STRINGS
      : schema.type === 'array'
        ? [[...BAD_STRINGS.slice(0, 3)], Array.from({ length: 3 }, () => BAD_NUMBERS[6])]
        : schema.type === 'object'
          ? [{ '\u0000': 'v' }, { key: '\ud800' }, { key: BAD_NUMBERS[6] }]
          : [...BAD_STRINGS.slice(0, 3), BAD_NUMBERS[6]];

function casesFor(method: string, path: string, op: Operation): Case[] {
  const params = op.parameters ?? [];
  const pathValue = (name: string) => PATH_VALUES[name] ?? '1';
  const urlWith = (
    override: { name: string; value: string },
    queryOverride?: { name: string; value: string },
  ) => {
    const base = path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
      name === override.name ? override.value : encodeURIComponent(pathValue(name)),
    );
    return queryOverride ? `${base}?${encodeURIComponent(queryOverride.name)}=${queryOverride.value}` : base;
  };
  const content = op.requestBody?.content?.['application/json'];
  const body = content?.example ?? (content ? {} : undefined);
  const cases: Case[] = [];
  for (const param of params.filter((p) => p.in === 'path')) {
    for (const value of pick(BAD_URL_VALUES, PER_LOCATION)) {
      cases.push({ method, url: urlWith({ name: param.name, value }), body, target: `path ${param.name}` });
    }
  }
  // A DELETE with every path parameter valid would delete the fixtures the other operations need.
  if (method === 'DELETE') return cases;
  for (const param of params.filter((p) => p.in === 'query')) {
    for (const value of pick(BAD_URL_VALUES, PER_LOCATION)) {
      cases.push({
        method,
        url: urlWith({ name: '', value: '' }, { name: param.name, value }),
        body,
        target: `query ${param.name}`,
      });
    }
  }
  if (content) {
    const url = urlWith({ name: '', value: '' });
    for (const field of fields(content.schema)) {
      for (const value of pick(badValuesFor(field.schema), PER_LOCATION)) {
        cases.push({
          method,
          url,
          body: replaced(body, field.keys, value),
          target: `body ${field.keys.join('.')}`,
        });
      }
    }
    for (const value of pick(['\u0000', '\ud800', 9223372036854775808, [], null, 'x'.repeat(100_000)], 2)) {
      cases.push({ method, url, body: value, target: 'body' });
    }
  }
  return cases;
}

const tokenFor = (path: string) =>
  path.startsWith('/api/client')
    ? CLIENT_TOKEN
    : path.startsWith('/api/frontend')
      ? FRONTEND_TOKEN
      : ADMIN_TOKEN;

/**
 * A digest of everything a user could have saved; what only records that a request happened is left out, and so
 * are the impact metrics' roll-up marks, which its timer moves whenever it runs.
 */
type Saved = { snapshot: string; digest: string };
async function savedState(): Promise<Saved> {
  const tables = await t.db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('sessions', 'client_applications', 'client_instances', 'client_metrics', 'schema_migrations',
                               'impact_metric_rollup_marks')
      ORDER BY 1`,
  );
  const parts = tables.map(
    ({ name }) =>
      `(SELECT md5(coalesce(string_agg((to_jsonb(r) - 'seen_at' - 'last_seen_at' - 'last_used_at')::text, ',' ORDER BY (to_jsonb(r) - 'seen_at' - 'last_seen_at' - 'last_used_at')::text), '')) FROM "${name}" r)`,
  );
  // One statement, so the digest is of the rows its snapshot sees.
  const [row] = await t.db.query<Saved>(
    `SELECT pg_current_snapshot()::text AS snapshot, md5(concat_ws('|', ${parts.join(', ')})) AS digest`,
  );
  return row!;
}

/**
 * The snapshot says which transactions have ended: a row can only be written (or a write rolled back) by a
 * transaction that was given an id, which moves it. While it stands still nothing can have changed, so the digest of
 * the last snapshot still holds and is not taken again (taking it is most of this file's time).
 */
const currentSnapshot = async (): Promise<string> =>
  (await t.db.query<{ snapshot: string }>('SELECT pg_current_snapshot()::text AS snapshot'))[0]!.snapshot;
let known: Saved | undefined;
let digests = 0;
async function stateNow(): Promise<Saved> {
  if (!known || known.snapshot !== (await currentSnapshot())) {
    known = await savedState();
    digests += 1;
  }
  return known;
}

describe('fuzz of every operation in openapi.json', () => {
  it('never answers 5xx, always in the one error format, and a refused write changes nothing', async () => {
    // A stream that is accepted never ends; its refusals are covered by the authentication and streaming tests.
    const streams = (op: Operation) =>
      Object.values(op.responses ?? {}).some((r) => r.content && 'text/event-stream' in r.content);
    const operations = Object.entries(doc.paths)
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
      )
      .filter(({ op }) => !streams(op));
    expect(operations.length).toBeGreaterThan(200);
    const failures: string[] = [];
    let sent = 0;
    for (const { method, path, op } of operations) {
      const opStart = Date.now();
      const opCases = casesFor(method, path, op);
      let stateMs = 0;
      for (const c of opCases) {
        const write = method !== 'GET' && method !== 'HEAD';
        const s0 = Date.now();
        const before = write ? (await stateNow()).digest : '';
        stateMs += Date.now() - s0;
        const response = await t.app.inject({
          method: c.method,
          url: c.url,
          headers: { authorization: tokenFor(path), 'content-type': 'application/json' },
          payload: c.body === undefined ? undefined : JSON.stringify(c.body),
        });
        sent += 1;
        const where = `${op.operationId} ${c.method} ${c.url.slice(0, 120)} [${c.target}]`;
        if (response.statusCode >= 500) {
          failures.push(`${where}: ${response.statusCode} ${JSON.stringify(c.body)?.slice(0, 200)}`);
          continue;
        }
        if (response.statusCode < 400) continue;
        const error = response.json() as {
          id?: unknown;
          name?: unknown;
          message?: unknown;
          details?: { message?: unknown }[];
        };
        const wellFormed =
          typeof error.id === 'string' &&
          typeof error.name === 'string' &&
          typeof error.message === 'string' &&
          Array.isArray(error.details) &&
          error.details.every((d) => typeof d.message === 'string');
        // The database's own refusal is a safety net (errors.ts); every field should have been named before it.
        if (error.message?.toString().startsWith('A value in the request cannot be stored'))
          failures.push(`${where}: refused by the database, not by a rule that names the field`);
        if (!wellFormed)
          failures.push(
            `${where}: ${response.statusCode} not in the error format: ${response.body.slice(0, 200)}`,
          );
        if (process.env.FUZZ_TRACE && Date.now() - opStart > 2000) console.error(`[fuzz] slow ${where}`);
        if (write && (await stateNow()).digest !== before)
          failures.push(`${where}: refused with ${response.statusCode} but changed data`);
      }
      if (process.env.FUZZ_TRACE)
        console.error(
          `[fuzz] ${op.operationId} ${opCases.length} cases ${Date.now() - opStart} ms (state ${stateMs} ms)`,
        );
    }
    console.log(
      `[fuzz] ${sent} requests over ${operations.length} operations, ${digests} digests of the saved state, ${failures.length} failures`,
    );
    expect(sent).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
  }, 600_000);
});
