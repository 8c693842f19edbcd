import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { lastEvent, snapshot } from '../../../testing/db-queries.ts';
import { createFlagThroughApi, environmentUrl, flagUrl } from '../../../testing/flag-api-builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const variantsUrl = (flag: string, environment = 'development') =>
  `${environmentUrl(flag, environment)}/variants`;

describe('overwriteEnvironmentFeatureVariants and getEnvironmentFeatureVariants', () => {
  it('stores variants in the order given, with Unleash weights, and reads them back', async () => {
    const flag = await createFlagThroughApi(t);
    const response = await t.admin({
      method: 'PUT',
      url: variantsUrl(flag),
      payload: [
        {
          name: 'yellow',
          stickiness: 'customField',
          overrides: [{ contextName: 'userId', values: ['1', '2'] }],
        },
        { name: 'blue', weight: 200, weightType: 'fix', payload: { type: 'json', value: '{"a":1}' } },
        { name: 'green' },
        { name: 'Red' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      version: 1,
      variants: [
        {
          name: 'yellow',
          weight: 267,
          weightType: 'variable',
          stickiness: 'customField',
          overrides: [{ contextName: 'userId', values: ['1', '2'] }],
        },
        {
          name: 'blue',
          weight: 200,
          weightType: 'fix',
          stickiness: 'default',
          payload: { type: 'json', value: '{"a":1}' },
        },
        { name: 'green', weight: 267, weightType: 'variable', stickiness: 'default' },
        { name: 'Red', weight: 266, weightType: 'variable', stickiness: 'default' },
      ],
    };
    expect(response.json()).toEqual(expected);
    const read = await (await t.as('Viewer'))({ method: 'GET', url: variantsUrl(flag) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(expected);
    expect((await t.admin({ method: 'GET', url: variantsUrl(flag, 'production') })).json().variants).toEqual(
      [],
    );
    expect(await lastEvent(t.db, flag)).toMatchObject({
      type: 'feature-environment-variants-updated',
      environment: 'development',
      pre_data: { variants: [] },
    });
  });

  it('is denied to a Viewer (PUT) and unauthenticated (GET)', async () => {
    const flag = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    expect(
      (await (await t.as('Viewer'))({ method: 'PUT', url: variantsUrl(flag), payload: [] })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: variantsUrl(flag) })).statusCode).toBe(401);
    expect(await snapshot(t.db)).toBe(before);
  });

  it.each([
    [[{ weight: 10 }], '/body/0/name'],
    [[{ name: 'a', weight: 'heavy' }], '/body/0/weight'],
    [[{ name: 'a', weight: 1001, weightType: 'fix' }], '/body/0/weight'],
    [[{ name: 'a', weightType: 'fix', weight: 0 }], '/body'],
    [[{ name: 'a', payload: { type: 'json', value: 'not json' } }], '/body/0/payload/value'],
    [[{ name: 'a', payload: { type: 'xml', value: '<a/>' } }], '/body/0/payload/type'],
    [{ name: 'a' }, '/body'],
  ])('refuses %j naming the field, changing nothing', async (payload, path) => {
    const flag = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    const response = await t.admin({ method: 'PUT', url: variantsUrl(flag), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().name).toBe('BadDataError');
    expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('answers 404 for unknown flags and environments', async () => {
    const flag = await createFlagThroughApi(t);
    for (const url of [variantsUrl('nope'), variantsUrl(flag, 'nope')]) {
      expect((await t.admin({ method: 'PUT', url, payload: [] })).statusCode).toBe(404);
      expect((await t.admin({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('patchEnvironmentsFeatureVariants', () => {
  it('applies JSON Patch to the list and re-spreads the weights', async () => {
    const flag = await createFlagThroughApi(t);
    await t.admin({ method: 'PUT', url: variantsUrl(flag), payload: [{ name: 'a' }, { name: 'b' }] });
    const response = await t.admin({
      method: 'PATCH',
      url: variantsUrl(flag),
      payload: [
        {
          op: 'add',
          path: '/-',
          value: { name: 'c', weightType: 'variable', weight: 0, stickiness: 'default' },
        },
        { op: 'remove', path: '/0' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().variants.map((v: { name: string; weight: number }) => [v.name, v.weight])).toEqual(
      [
        ['b', 500],
        ['c', 500],
      ],
    );
  });

  it('is denied to a Viewer and refuses a patch with an invalid result', async () => {
    const flag = await createFlagThroughApi(t);
    await t.admin({ method: 'PUT', url: variantsUrl(flag), payload: [{ name: 'a' }] });
    const before = await snapshot(t.db);
    const patch = [{ op: 'replace', path: '/0/weight', value: 'lots' }];
    expect(
      (await (await t.as('Viewer'))({ method: 'PATCH', url: variantsUrl(flag), payload: patch })).statusCode,
    ).toBe(403);
    const invalid = await t.admin({ method: 'PATCH', url: variantsUrl(flag), payload: patch });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details[0].path).toBe('/patched/0/weight');
    const outOfRange = await t.admin({
      method: 'PATCH',
      url: variantsUrl(flag),
      payload: [{ op: 'remove', path: '/5' }],
    });
    expect(outOfRange.statusCode).toBe(400);
    expect((await t.admin({ method: 'PATCH', url: variantsUrl('nope'), payload: [] })).statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('overwriteFeatureVariantsOnEnvironments (variants-batch)', () => {
  it('sets the same variants in every listed environment', async () => {
    const flag = await createFlagThroughApi(t);
    const response = await t.admin({
      method: 'PUT',
      url: `${flagUrl(flag)}/variants-batch`,
      payload: { variants: [{ name: 'on' }, { name: 'off' }], environments: ['development', 'production'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().variants.map((v: { name: string }) => v.name)).toEqual(['on', 'off']);
    const feature = (await t.admin({ method: 'GET', url: flagUrl(flag) })).json();
    for (const environment of feature.environments) {
      expect(environment.variants.map((v: { weight: number }) => v.weight)).toEqual([500, 500]);
    }
  });

  it('is denied to a Viewer and is all or nothing when an environment is unknown', async () => {
    const flag = await createFlagThroughApi(t);
    const before = await snapshot(t.db);
    const payload = { variants: [{ name: 'x' }], environments: ['development', 'nope'] };
    expect(
      (await (await t.as('Viewer'))({ method: 'PUT', url: `${flagUrl(flag)}/variants-batch`, payload }))
        .statusCode,
    ).toBe(403);
    const unknown = await t.admin({ method: 'PUT', url: `${flagUrl(flag)}/variants-batch`, payload });
    expect(unknown.statusCode).toBe(404);
    const missingField = await t.admin({
      method: 'PUT',
      url: `${flagUrl(flag)}/variants-batch`,
      payload: { variants: [] },
    });
    expect(missingField.statusCode).toBe(400);
    expect(missingField.json().details[0].path).toBe('/body/environments');
    expect(await snapshot(t.db)).toBe(before);
  });
});
