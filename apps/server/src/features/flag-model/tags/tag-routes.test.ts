import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const snapshot = async () => ({
  tagTypes: await t.db.query('SELECT name, description, icon, color FROM tag_types ORDER BY name'),
  tags: await t.db.query('SELECT type, value FROM tags ORDER BY type, value'),
  flagTags: await t.db.query('SELECT flag_name, tag_type, tag_value FROM flag_tags ORDER BY 1, 2, 3'),
  events: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0]!.n,
});

const lastEvent = async () =>
  (
    await t.db.query<{ type: string; data: unknown; pre_data: unknown }>(
      'SELECT * FROM events ORDER BY id DESC LIMIT 1',
    )
  )[0]!;

async function createTagType(name: string, body: Record<string, unknown> = {}) {
  const response = await t.admin({ method: 'POST', url: '/api/admin/tag-types', payload: { name, ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createTag(type: string, value: string) {
  const response = await t.admin({ method: 'POST', url: '/api/admin/tags', payload: { type, value } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('tag types', () => {
  it('lists the built-in simple type and gets it by name', async () => {
    const list = await t.admin({ method: 'GET', url: '/api/admin/tag-types' });
    expect(list.statusCode).toBe(200);
    expect(list.json().version).toBe(1);
    expect(list.json().tagTypes).toContainEqual(
      expect.objectContaining({ name: 'simple', description: 'Arbitrary labels' }),
    );
    const one = await t.admin({ method: 'GET', url: '/api/admin/tag-types/simple' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      version: 1,
      tagType: { name: 'simple', description: 'Arbitrary labels', icon: null, color: null },
    });
    const unknown = await t.admin({ method: 'GET', url: '/api/admin/tag-types/ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
  });

  it('creates a tag type with icon and color and records tag-type-created', async () => {
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/tag-types',
      payload: { name: 'team', description: 'Owning team', icon: 'group', color: '#1A7F37' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers.location).toBe('tag-types/team');
    expect(response.json()).toEqual({
      name: 'team',
      description: 'Owning team',
      icon: 'group',
      color: '#1A7F37',
    });
    expect(await lastEvent()).toMatchObject({
      type: 'tag-type-created',
      data: { name: 'team', color: '#1A7F37' },
    });
    const minimal = await createTagType('minimal');
    expect(minimal).toEqual({ name: 'minimal', description: null, icon: null, color: null });
  });

  it('validates a tag type: 200 when valid and free, 409 when taken, 400 when invalid', async () => {
    await createTagType('claimed');
    const before = await snapshot();
    const viewer = await t.as('Viewer');
    const valid = await viewer({
      method: 'POST',
      url: '/api/admin/tag-types/validate',
      payload: { name: 'fresh', color: '#123ABC' },
    });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ valid: true, tagType: { name: 'fresh', color: '#123ABC' } });
    const taken = await t.admin({
      method: 'POST',
      url: '/api/admin/tag-types/validate',
      payload: { name: 'claimed' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().name).toBe('NameExistsError');
    const invalid = await t.admin({
      method: 'POST',
      url: '/api/admin/tag-types/validate',
      payload: { name: 'fresh', color: 'green' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details[0].path).toBe('/body/color');
    expect(await snapshot()).toEqual(before);
  });

  it('updates only the properties given and records tag-type-updated', async () => {
    await createTagType('area', { description: 'Product area', icon: 'map' });
    const response = await t.admin({
      method: 'PUT',
      url: '/api/admin/tag-types/area',
      payload: { color: '#0969DA' },
    });
    expect(response.statusCode).toBe(200);
    const tagType = (await t.admin({ method: 'GET', url: '/api/admin/tag-types/area' })).json().tagType;
    expect(tagType).toEqual({ name: 'area', description: 'Product area', icon: 'map', color: '#0969DA' });
    expect(await lastEvent()).toMatchObject({
      type: 'tag-type-updated',
      data: { color: '#0969DA' },
      pre_data: { color: null },
    });
  });

  it('deletes a tag type with its tags, takes them off flags, and records tag-type-deleted', async () => {
    await createTagType('doomed');
    await createTag('doomed', 'one');
    await buildFlag(t.db, { name: 'doomed-flag', tags: [{ type: 'doomed', value: 'one' }] });
    const response = await t.admin({ method: 'DELETE', url: '/api/admin/tag-types/doomed' });
    expect(response.statusCode).toBe(200);
    expect(await t.db.query("SELECT * FROM tags WHERE type = 'doomed'")).toEqual([]);
    expect(await t.db.query("SELECT * FROM flag_tags WHERE tag_type = 'doomed'")).toEqual([]);
    expect(await lastEvent()).toMatchObject({
      type: 'tag-type-deleted',
      data: null,
      pre_data: { name: 'doomed', untaggedFlags: ['doomed-flag'] },
    });
  });

  it('refuses bad input, duplicates and unknown names, and changes nothing', async () => {
    await createTagType('existing');
    const before = await snapshot();
    const creates: [Record<string, unknown>, string][] = [
      [{ description: 'no name' }, '/body/name'],
      [{ name: 5 }, '/body/name'],
      [{ name: 'x' }, '/body/name'],
      [{ name: 'not url safe' }, '/body/name'],
      [{ name: 'colored', color: 'red' }, '/body/color'],
      [{ name: 'described', description: 42 }, '/body/description'],
      [{ name: 'extra', size: 3 }, '/body'],
    ];
    for (const [payload, path] of creates) {
      const response = await t.admin({ method: 'POST', url: '/api/admin/tag-types', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const duplicate = await t.admin({
      method: 'POST',
      url: '/api/admin/tag-types',
      payload: { name: 'existing' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().name).toBe('NameExistsError');
    const badUpdate = await t.admin({
      method: 'PUT',
      url: '/api/admin/tag-types/existing',
      payload: { icon: 1 },
    });
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.json().details[0].path).toBe('/body/icon');
    const unknownUpdate = await t.admin({ method: 'PUT', url: '/api/admin/tag-types/ghost', payload: {} });
    expect(unknownUpdate.statusCode).toBe(404);
    expect(unknownUpdate.json().name).toBe('NotFoundError');
    const unknownDelete = await t.admin({ method: 'DELETE', url: '/api/admin/tag-types/ghost' });
    expect(unknownDelete.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('tags', () => {
  it('creates tags, records tag-created, and lists and gets them', async () => {
    await createTagType('owner');
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/tags',
      payload: { type: 'owner', value: ' payments ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ version: 1, tag: { type: 'owner', value: 'payments' } });
    expect(response.headers.location).toBe('tags/owner/payments');
    expect(await lastEvent()).toMatchObject({
      type: 'tag-created',
      data: { type: 'owner', value: 'payments' },
    });
    await createTag('owner', 'search team');
    await createTag('simple', 'beta');

    const all = await t.admin({ method: 'GET', url: '/api/admin/tags' });
    expect(all.statusCode).toBe(200);
    expect(all.json().tags).toEqual(
      expect.arrayContaining([
        { type: 'owner', value: 'payments' },
        { type: 'simple', value: 'beta' },
      ]),
    );
    const byType = await t.admin({ method: 'GET', url: '/api/admin/tags/owner' });
    expect(byType.json()).toEqual({
      version: 1,
      tags: [
        { type: 'owner', value: 'payments' },
        { type: 'owner', value: 'search team' },
      ],
    });
    const one = await t.admin({ method: 'GET', url: '/api/admin/tags/owner/search%20team' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ version: 1, tag: { type: 'owner', value: 'search team' } });
    for (const url of ['/api/admin/tags/ghost', '/api/admin/tags/owner/nobody', '/api/admin/tags/ghost/x']) {
      const missing = await t.admin({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().name).toBe('NotFoundError');
    }
  });

  it('deletes a tag, takes it off flags, and records tag-deleted', async () => {
    await createTag('simple', 'obsolete');
    await buildFlag(t.db, { name: 'tagged-flag', tags: [{ type: 'simple', value: 'obsolete' }] });
    const response = await t.admin({ method: 'DELETE', url: '/api/admin/tags/simple/obsolete' });
    expect(response.statusCode).toBe(200);
    expect(await t.db.query("SELECT * FROM flag_tags WHERE tag_value = 'obsolete'")).toEqual([]);
    expect(await lastEvent()).toMatchObject({
      type: 'tag-deleted',
      pre_data: { type: 'simple', value: 'obsolete', untaggedFlags: ['tagged-flag'] },
    });
    expect((await t.admin({ method: 'GET', url: '/api/admin/tags/simple/obsolete' })).statusCode).toBe(404);
  });

  it('refuses bad input, unknown types and duplicates, and changes nothing', async () => {
    await createTag('simple', 'existing');
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ value: 'no type' }, '/body/type'],
      [{ type: 'simple' }, '/body/value'],
      [{ type: 'simple', value: 7 }, '/body/value'],
      [{ type: 'simple', value: 'x' }, '/body/value'],
      [{ type: 'simple', value: '  x  ' }, '/body/value'],
      [{ type: 'simple', value: 'v'.repeat(51) }, '/body/value'],
      [{ type: 'ghost', value: 'valid' }, '/body/type'],
      [{ type: 'simple', value: 'fine', extra: true }, '/body'],
    ];
    for (const [payload, path] of cases) {
      const response = await t.admin({ method: 'POST', url: '/api/admin/tags', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const duplicate = await t.admin({
      method: 'POST',
      url: '/api/admin/tags',
      payload: { type: 'simple', value: 'existing' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().name).toBe('NameExistsError');
    const unknownDelete = await t.admin({ method: 'DELETE', url: '/api/admin/tags/simple/ghost' });
    expect(unknownDelete.statusCode).toBe(404);
    expect(unknownDelete.json().name).toBe('NotFoundError');
    expect(await snapshot()).toEqual(before);
  });
});

describe('tag permissions', () => {
  it('lets editors manage tags and tag types but refuses viewers and anonymous callers', async () => {
    const editor = await t.as('Editor');
    expect(
      (await editor({ method: 'POST', url: '/api/admin/tag-types', payload: { name: 'by-editor' } }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await editor({
          method: 'POST',
          url: '/api/admin/tags',
          payload: { type: 'by-editor', value: 'mine' },
        })
      ).statusCode,
    ).toBe(201);
    const before = await snapshot();
    const viewer = await t.as('Viewer');
    for (const request of [
      { method: 'POST' as const, url: '/api/admin/tag-types', payload: { name: 'by-viewer' } },
      { method: 'PUT' as const, url: '/api/admin/tag-types/by-editor', payload: { icon: 'x' } },
      { method: 'DELETE' as const, url: '/api/admin/tag-types/by-editor' },
      { method: 'POST' as const, url: '/api/admin/tags', payload: { type: 'by-editor', value: 'theirs' } },
      { method: 'DELETE' as const, url: '/api/admin/tags/by-editor/mine' },
    ]) {
      const response = await viewer(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json().name).toBe('NoAccessError');
    }
    for (const url of ['/api/admin/tags', '/api/admin/tag-types', '/api/admin/tags/by-editor/mine']) {
      expect((await viewer({ method: 'GET', url })).statusCode, url).toBe(200);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('deleting a tag that flags of several projects carry', () => {
  it('needs UPDATE_FEATURE in each of them; a private project of which the caller is no member stops it', async () => {
    for (const [id, mode] of [
      ['tag-open', 'open'],
      ['tag-vault', 'private'],
    ] as const) {
      const created = await t.admin({
        method: 'POST',
        url: '/api/admin/projects',
        payload: { id, name: id, mode },
      });
      expect(created.statusCode, created.body).toBeLessThan(300);
    }
    await createTag('simple', 'shared');
    await buildFlag(t.db, {
      name: 'open-tagged',
      project: 'tag-open',
      tags: [{ type: 'simple', value: 'shared' }],
    });
    await buildFlag(t.db, {
      name: 'vault-tagged',
      project: 'tag-vault',
      tags: [{ type: 'simple', value: 'shared' }],
    });
    const member = await t.as('Viewer', { memberOf: ['tag-open'] });
    const before = await snapshot();
    const refused = await member({ method: 'DELETE', url: '/api/admin/tags/simple/shared' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('tag-vault');
    expect(await snapshot()).toEqual(before);
    // An admin may, and the tag leaves both flags.
    expect((await t.admin({ method: 'DELETE', url: '/api/admin/tags/simple/shared' })).statusCode).toBe(200);
    expect(await t.db.query("SELECT * FROM flag_tags WHERE tag_value = 'shared'")).toEqual([]);
  });
});
