import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { lastEvent, snapshot } from '../../../testing/db-queries.ts';
import { createFlagThroughApi, flagUrl } from '../../../testing/flag-api-builders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const linksOf = async (flag: string) => (await t.admin({ method: 'GET', url: flagUrl(flag) })).json().links;

describe('createFeatureLink, updateFeatureLink, deleteFeatureLink', () => {
  it('adds, changes and removes links that getFeature lists, recording events', async () => {
    const flag = await createFlagThroughApi(t);
    const created = await t.admin({
      method: 'POST',
      url: `${flagUrl(flag)}/link`,
      payload: { url: 'https://tracker.example.com/SHOP-1', title: 'SHOP-1' },
    });
    expect(created.statusCode).toBe(204);
    await t.admin({
      method: 'POST',
      url: `${flagUrl(flag)}/link`,
      payload: { url: 'docs.example.com/flags' },
    });
    const links = await linksOf(flag);
    expect(links.map((l: { url: string; title: string | null }) => [l.url, l.title])).toEqual([
      ['https://tracker.example.com/SHOP-1', 'SHOP-1'],
      ['https://docs.example.com/flags', null],
    ]);
    expect((await lastEvent(t.db, flag))!.type).toBe('feature-link-added');

    const updated = await t.admin({
      method: 'PUT',
      url: `${flagUrl(flag)}/link/${links[0].id}`,
      payload: { url: 'https://tracker.example.com/SHOP-2', title: 'SHOP-2' },
    });
    expect(updated.statusCode).toBe(204);
    expect((await linksOf(flag))[0]).toEqual({
      id: links[0].id,
      url: 'https://tracker.example.com/SHOP-2',
      title: 'SHOP-2',
    });
    expect(await lastEvent(t.db, flag)).toMatchObject({
      type: 'feature-link-updated',
      pre_data: { title: 'SHOP-1' },
    });

    const deleted = await t.admin({ method: 'DELETE', url: `${flagUrl(flag)}/link/${links[1].id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await linksOf(flag)).map((l: { id: string }) => l.id)).toEqual([links[0].id]);
    expect((await lastEvent(t.db, flag))!.type).toBe('feature-link-removed');
  });

  it('is denied to a Viewer', async () => {
    const flag = await createFlagThroughApi(t);
    await t.admin({ method: 'POST', url: `${flagUrl(flag)}/link`, payload: { url: 'https://a.example' } });
    const [link] = await linksOf(flag);
    const before = await snapshot(t.db);
    const viewer = await t.as('Viewer');
    expect(
      (await viewer({ method: 'POST', url: `${flagUrl(flag)}/link`, payload: { url: 'https://b.example' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await viewer({
          method: 'PUT',
          url: `${flagUrl(flag)}/link/${link.id}`,
          payload: { url: 'https://c.example' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await viewer({ method: 'DELETE', url: `${flagUrl(flag)}/link/${link.id}` })).statusCode).toBe(
      403,
    );
    expect(await snapshot(t.db)).toBe(before);
  });

  it('refuses bad URLs, missing fields and unknown flags or links without changes', async () => {
    const flag = await createFlagThroughApi(t);
    await t.admin({ method: 'POST', url: `${flagUrl(flag)}/link`, payload: { url: 'https://a.example' } });
    const [link] = await linksOf(flag);
    const before = await snapshot(t.db);
    for (const payload of [{ url: 'javascript:alert(1)' }, { url: 'ftp://files.example' }, {}, { url: 7 }]) {
      const response = await t.admin({ method: 'POST', url: `${flagUrl(flag)}/link`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details[0].path).toBe('/body/url');
    }
    expect(
      (
        await t.admin({
          method: 'POST',
          url: `${flagUrl('nope')}/link`,
          payload: { url: 'https://a.example' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.admin({
          method: 'PUT',
          url: `${flagUrl(flag)}/link/nope`,
          payload: { url: 'https://a.example' },
        })
      ).statusCode,
    ).toBe(404);
    const missing = await t.admin({ method: 'DELETE', url: `${flagUrl(flag)}/link/nope` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    expect(
      (
        await t.admin({
          method: 'PUT',
          url: `${flagUrl(flag)}/link/${link.id}`,
          payload: { url: 'nope nope' },
        })
      ).statusCode,
    ).toBe(400);
    expect(await snapshot(t.db)).toBe(before);
  });
});
