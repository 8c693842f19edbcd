import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { fieldErrors } from '../ui/field-errors.ts';
import { ApiError, call, setUnauthorizedHandler } from './client.ts';
import { beyondOss } from './beyond-oss.ts';
import { operations } from './operations.ts';
import type { Flag } from './wire.ts';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body?: unknown) {
  const fetch = vi.fn(async (_request: Request) =>
    body === undefined ? new Response(null, { status }) : Response.json(body, { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the API client', () => {
  it('fills the path and sends JSON', async () => {
    const fetch = answer(200, { features: [], total: 0 });
    await call('bulkToggleFeaturesEnvironmentOn', {
      params: { projectId: 'web shop', environment: 'production' },
      query: { shouldActivateDisabledStrategies: undefined },
      body: { features: ['x'] },
    });
    const request = fetch.mock.calls[0]![0];
    expect(request.method).toBe('POST');
    const url = new URL(request.url);
    expect(url.pathname).toBe('/api/admin/projects/web%20shop/bulk_features/environments/production/on');
    expect(url.search).toBe('');
    expect(request.headers.get('content-type')).toContain('application/json');
    expect(await request.json()).toEqual({ features: ['x'] });
  });

  it('repeats array query parameters and drops empty ones', async () => {
    const fetch = answer(200, { features: [], total: 0 });
    await call('searchFeatures', { query: { status: ['a', 'b'], query: '', tag: undefined } });
    const url = new URL(fetch.mock.calls[0]![0].url);
    expect(url.pathname).toBe('/api/admin/search/features');
    expect(url.search).toBe('?status=a&status=b');
  });

  it('turns a refusal into an ApiError whose details map to form fields', async () => {
    answer(400, {
      name: 'BadDataError',
      message: 'bad',
      details: [
        { path: '/body/name', message: '"name" must match the pattern' },
        { path: '/body/constraints/1/value', message: 'not a number' },
      ],
    });
    const error = await call('createFeature', {
      params: { projectId: 'p' },
      body: { name: 'bad name' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorName).toBe('BadDataError');
    expect(fieldErrors(error)).toEqual({
      name: '"name" must match the pattern',
      'constraints.1.value': 'not a number',
    });
    expect(fieldErrors(new ApiError(409, { message: 'taken', details: [{ message: 'taken' }] }))).toEqual({
      form: 'taken',
    });
  });

  it('reports an ended session, except for the calls that check it', async () => {
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    answer(401, { name: 'AuthenticationRequired', message: 'You must log in' });
    await expect(call('getProjects')).rejects.toThrow('You must log in');
    expect(ended).toHaveBeenCalledTimes(1);
    await expect(call('getMe')).rejects.toBeInstanceOf(ApiError);
    await expect(call('login', { body: { username: 'ada', password: 'wrong' } })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(ended).toHaveBeenCalledTimes(1);
  });
});

describe('the operations the UI calls', () => {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const oss = new Set(
    readFileSync(path.join(root, 'apps/server/test/fixtures/unleash-8.2-oss-operations.tsv'), 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.split('\t'))
      .map(([, method, p]) => `${method} ${p}`),
  );
  const openapi = JSON.parse(readFileSync(path.join(root, 'apps/server/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };

  it('use Unleash paths, so the same UI works against Unleash-shaped servers', () => {
    const foreign = Object.entries(operations)
      .filter(([id]) => !beyondOss.includes(id as keyof typeof operations))
      .filter(([, [method, p]]) => !oss.has(`${method} ${p}`) && !p.startsWith('/auth/'))
      .map(([id]) => id);
    expect(foreign).toEqual([]);
  });

  it('are published by the server with the same operationId when present', () => {
    const published = Object.entries(operations).filter(
      ([, [method, p]]) => openapi.paths[p]?.[method.toLowerCase()],
    );
    for (const [id, [method, p]] of published)
      expect(openapi.paths[p]![method.toLowerCase()]!.operationId).toBe(id);
    const missing = Object.keys(operations).filter((id) => !published.some(([p]) => p === id));
    // Not a failure while the server grows; printed so the gap is visible in test output.
    if (missing.length)
      console.info(`[admin] ${missing.length} operations not yet in openapi.json: ${missing.join(', ')}`);
    expect(published.length).toBeGreaterThan(0);
  });
});

describe('the types of a call', () => {
  // Compiled by `tsc`, never run: each `@ts-expect-error` fails the type check if the line compiles.
  async function calls() {
    const flag = await call('getFeature', { params: { projectId: 'web', featureName: 'checkout' } });
    expectTypeOf(flag).toEqualTypeOf<Flag>();
    expectTypeOf(flag.environments).toEqualTypeOf<Flag['environments']>();
    // 202 without a body: nothing to read.
    expectTypeOf(
      await call('archiveFeature', { params: { projectId: 'web', featureName: 'checkout' } }),
    ).toEqualTypeOf<undefined>();
    // @ts-expect-error a flag's path needs its project
    await call('getFeature', { params: { featureName: 'checkout' } });
    // @ts-expect-error the path parameters cannot be left out
    await call('getFeature');
    // @ts-expect-error creating a flag takes no `title`
    await call('createFeature', { params: { projectId: 'web' }, body: { name: 'checkout', title: 'x' } });
    // @ts-expect-error nor a missing `name`
    await call('createFeature', { params: { projectId: 'web' }, body: { description: 'x' } });
    // @ts-expect-error the flag search reads no `page`
    await call('searchFeatures', { query: { page: '2' } });
    // @ts-expect-error the answer's type comes from the operation, not from the caller
    await call<{ anything: true }>('getProjects');
  }

  it('are checked by the compiler', () => {
    expectTypeOf(calls).returns.resolves.toBeVoid();
  });
});
