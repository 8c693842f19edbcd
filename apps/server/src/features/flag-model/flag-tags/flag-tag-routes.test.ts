import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvents } from '../../../testing/db-queries.ts';
import { buildFlag, buildProject } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await buildProject(t.db, 'web');
  await t.db.query("INSERT INTO tag_types (name, description) VALUES ('team', 'Owning team')");
});
afterAll(() => t.close());

const tagsOf = async (flag: string) =>
  (
    await t.db.query<{ tag: string }>(
      "SELECT tag_type || ':' || tag_value AS tag FROM flag_tags WHERE flag_name = $1 ORDER BY 1",
      [flag],
    )
  ).map((row) => row.tag);
const tagExists = async (type: string, value: string) =>
  (await t.db.query('SELECT 1 FROM tags WHERE type = $1 AND value = $2', [type, value])).length > 0;

describe('GET /api/admin/features/{featureName}/tags (listTags)', () => {
  it('lists the tags of a flag, to Viewers too', async () => {
    await buildFlag(t.db, { name: 'list-me', tags: [{ type: 'simple', value: 'alpha' }] });
    const viewer = await t.as('Viewer');
    const response = await viewer({ method: 'GET', url: '/api/admin/features/list-me/tags' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: 1, tags: [{ type: 'simple', value: 'alpha' }] });
  });

  it('answers 404 for an unknown flag', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/features/ghost/tags' });
    expect(response.statusCode).toBe(404);
    expect(response.json().name).toBe('NotFoundError');
  });
});

describe('POST /api/admin/features/{featureName}/tags (addTag)', () => {
  it('tags a flag, creating the tag when new, and records tag-created and feature-tagged', async () => {
    await buildFlag(t.db, { name: 'add-me', project: 'web' });
    const editor = await t.as('Editor', { memberOf: ['web'] });
    const response = await editor({
      method: 'POST',
      url: '/api/admin/features/add-me/tags',
      payload: { type: 'team', value: 'checkout' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ type: 'team', value: 'checkout' });
    expect(response.headers.location).toBe('add-me/tags');
    expect(await tagsOf('add-me')).toEqual(['team:checkout']);
    expect(await tagExists('team', 'checkout')).toBe(true);
    expect(await countEvents(t.db, 'tag-created')).toBe(1);
    const [event] = await t.db.query<{ project: string; data: unknown }>(
      "SELECT project, data FROM events WHERE type = 'feature-tagged' AND feature_name = 'add-me'",
    );
    expect(event).toEqual({ project: 'web', data: { type: 'team', value: 'checkout' } });

    await buildFlag(t.db, { name: 'add-me-too' });
    await editor({
      method: 'POST',
      url: '/api/admin/features/add-me-too/tags',
      payload: { type: 'team', value: 'checkout' },
    });
    expect(await countEvents(t.db, 'tag-created')).toBe(1);
  });

  it('is refused to a Viewer', async () => {
    await buildFlag(t.db, { name: 'add-viewer' });
    const viewer = await t.as('Viewer');
    const response = await viewer({
      method: 'POST',
      url: '/api/admin/features/add-viewer/tags',
      payload: { type: 'simple', value: 'nope' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('NoAccessError');
    expect(await tagsOf('add-viewer')).toEqual([]);
    expect(await tagExists('simple', 'nope')).toBe(false);
  });

  it('rejects bad input, unknown tag types and unknown flags, changing nothing', async () => {
    await buildFlag(t.db, { name: 'add-bad' });
    const cases = [
      {
        url: '/api/admin/features/add-bad/tags',
        payload: { type: 'simple' },
        status: 400,
        path: '/body/value',
      },
      {
        url: '/api/admin/features/add-bad/tags',
        payload: { type: 5, value: 'ok-value' },
        status: 400,
        path: '/body/type',
      },
      {
        url: '/api/admin/features/add-bad/tags',
        payload: { type: 'simple', value: 'x' },
        status: 400,
        path: '/body/value',
      },
      {
        url: '/api/admin/features/add-bad/tags',
        payload: { type: 'colour', value: 'blue' },
        status: 400,
        path: '/body/type',
      },
      { url: '/api/admin/features/ghost/tags', payload: { type: 'simple', value: 'ghostly' }, status: 404 },
    ];
    for (const c of cases) {
      const response = await t.admin({ method: 'POST', url: c.url, payload: c.payload });
      expect(response.statusCode, JSON.stringify(c.payload)).toBe(c.status);
      expect(response.json().name).toBe(c.status === 404 ? 'NotFoundError' : 'BadDataError');
      if (c.path) expect(response.json().details[0].path).toBe(c.path);
    }
    expect(await tagsOf('add-bad')).toEqual([]);
    expect(await tagExists('colour', 'blue')).toBe(false);
    expect(await tagExists('simple', 'ghostly')).toBe(false);
    expect(await countEvents(t.db, 'feature-tagged', 'add-bad')).toBe(0);
  });

  it('answers 409 FeatureHasTagError when the flag already has the tag', async () => {
    await buildFlag(t.db, { name: 'add-twice', tags: [{ type: 'simple', value: 'once' }] });
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/features/add-twice/tags',
      payload: { type: 'simple', value: 'once' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().name).toBe('FeatureHasTagError');
    expect(await tagsOf('add-twice')).toEqual(['simple:once']);
    expect(await countEvents(t.db, 'feature-tagged', 'add-twice')).toBe(0);
  });
});

describe('DELETE /api/admin/features/{featureName}/tags/{type}/{value} (removeTag)', () => {
  it('removes the tag and records feature-untagged with the tag as preData', async () => {
    await buildFlag(t.db, {
      name: 'remove-me',
      tags: [
        { type: 'simple', value: 'gone' },
        { type: 'simple', value: 'stays' },
      ],
    });
    const response = await t.admin({
      method: 'DELETE',
      url: '/api/admin/features/remove-me/tags/simple/gone',
    });
    expect(response.statusCode).toBe(200);
    expect(await tagsOf('remove-me')).toEqual(['simple:stays']);
    const [event] = await t.db.query<{ pre_data: unknown }>(
      "SELECT pre_data FROM events WHERE type = 'feature-untagged' AND feature_name = 'remove-me'",
    );
    expect(event!.pre_data).toEqual({ type: 'simple', value: 'gone' });
  });

  it('succeeds without an event when the flag does not carry the tag', async () => {
    await buildFlag(t.db, { name: 'remove-absent' });
    const response = await t.admin({
      method: 'DELETE',
      url: '/api/admin/features/remove-absent/tags/simple/none',
    });
    expect(response.statusCode).toBe(200);
    expect(await countEvents(t.db, 'feature-untagged', 'remove-absent')).toBe(0);
  });

  it('is refused to a Viewer and answers 404 for an unknown flag', async () => {
    await buildFlag(t.db, { name: 'remove-viewer', tags: [{ type: 'simple', value: 'kept' }] });
    const viewer = await t.as('Viewer');
    const denied = await viewer({
      method: 'DELETE',
      url: '/api/admin/features/remove-viewer/tags/simple/kept',
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    expect(await tagsOf('remove-viewer')).toEqual(['simple:kept']);
    const unknown = await t.admin({ method: 'DELETE', url: '/api/admin/features/ghost/tags/simple/kept' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
  });
});

describe('PUT /api/admin/features/{featureName}/tags (updateTags)', () => {
  it('adds, then removes, skipping tags already there, and answers with the tags', async () => {
    await buildFlag(t.db, {
      name: 'update-me',
      tags: [
        { type: 'simple', value: 'old' },
        { type: 'simple', value: 'kept' },
      ],
    });
    const response = await t.admin({
      method: 'PUT',
      url: '/api/admin/features/update-me/tags',
      payload: {
        addedTags: [
          { type: 'team', value: 'search' },
          { type: 'simple', value: 'kept' },
        ],
        removedTags: [{ type: 'simple', value: 'old' }],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().version).toBe(1);
    expect(response.json().tags).toHaveLength(2);
    expect(response.json().tags).toEqual(
      expect.arrayContaining([
        { type: 'simple', value: 'kept' },
        { type: 'team', value: 'search' },
      ]),
    );
    expect(await tagsOf('update-me')).toEqual(['simple:kept', 'team:search']);
    expect(await countEvents(t.db, 'feature-tagged', 'update-me')).toBe(1);
    expect(await countEvents(t.db, 'feature-untagged', 'update-me')).toBe(1);
  });

  it('is refused to a Viewer', async () => {
    await buildFlag(t.db, { name: 'update-viewer' });
    const viewer = await t.as('Viewer');
    const response = await viewer({
      method: 'PUT',
      url: '/api/admin/features/update-viewer/tags',
      payload: { addedTags: [{ type: 'simple', value: 'nope' }], removedTags: [] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('NoAccessError');
    expect(await tagsOf('update-viewer')).toEqual([]);
  });

  it('rejects bad input and unknown tag types without applying any part of the change', async () => {
    await buildFlag(t.db, { name: 'update-bad', tags: [{ type: 'simple', value: 'kept' }] });
    const url = '/api/admin/features/update-bad/tags';
    const missing = await t.admin({ method: 'PUT', url, payload: { addedTags: [] } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].path).toBe('/body/removedTags');
    const wrongType = await t.admin({ method: 'PUT', url, payload: { addedTags: {}, removedTags: [] } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().name).toBe('BadDataError');
    const unknownType = await t.admin({
      method: 'PUT',
      url,
      payload: {
        addedTags: [
          { type: 'simple', value: 'fresh' },
          { type: 'colour', value: 'red' },
        ],
        removedTags: [{ type: 'simple', value: 'kept' }],
      },
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().name).toBe('BadDataError');
    expect(unknownType.json().details[0].path).toBe('/body/addedTags');
    expect(await tagsOf('update-bad')).toEqual(['simple:kept']);
    expect(await tagExists('simple', 'fresh')).toBe(false);
    const unknownFlag = await t.admin({
      method: 'PUT',
      url: '/api/admin/features/ghost/tags',
      payload: { addedTags: [], removedTags: [] },
    });
    expect(unknownFlag.statusCode).toBe(404);
    expect(unknownFlag.json().name).toBe('NotFoundError');
  });
});

describe('PUT /api/admin/projects/{projectId}/tags (addTagToFeatures)', () => {
  const url = '/api/admin/projects/web/tags';

  it('changes the tags of several flags of the project', async () => {
    await buildFlag(t.db, { name: 'bulk-a', project: 'web', tags: [{ type: 'simple', value: 'legacy' }] });
    await buildFlag(t.db, { name: 'bulk-b', project: 'web' });
    const response = await t.admin({
      method: 'PUT',
      url,
      payload: {
        features: ['bulk-a', 'bulk-b'],
        tags: {
          addedTags: [{ type: 'team', value: 'growth' }],
          removedTags: [{ type: 'simple', value: 'legacy' }],
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(await tagsOf('bulk-a')).toEqual(['team:growth']);
    expect(await tagsOf('bulk-b')).toEqual(['team:growth']);
    expect(await countEvents(t.db, 'feature-tagged', 'bulk-b')).toBe(1);
    expect(await countEvents(t.db, 'feature-untagged', 'bulk-a')).toBe(1);
  });

  it('is refused to a Viewer', async () => {
    await buildFlag(t.db, { name: 'bulk-viewer', project: 'web' });
    const viewer = await t.as('Viewer');
    const response = await viewer({
      method: 'PUT',
      url,
      payload: {
        features: ['bulk-viewer'],
        tags: { addedTags: [{ type: 'simple', value: 'nope' }], removedTags: [] },
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('NoAccessError');
    expect(await tagsOf('bulk-viewer')).toEqual([]);
  });

  it('rejects bad input and applies nothing', async () => {
    await buildFlag(t.db, { name: 'bulk-keep', project: 'web' });
    await buildFlag(t.db, { name: 'bulk-elsewhere' });
    const tags = { addedTags: [{ type: 'simple', value: 'bulk-new' }], removedTags: [] };
    const cases = [
      { url, payload: { tags }, status: 400, name: 'BadDataError', path: '/body/features' },
      {
        url,
        payload: { features: ['bulk-keep'], tags: [] },
        status: 400,
        name: 'BadDataError',
        path: '/body/tags',
      },
      {
        url,
        payload: {
          features: ['bulk-keep'],
          tags: { addedTags: [{ type: 'colour', value: 'red' }], removedTags: [] },
        },
        status: 400,
        name: 'BadDataError',
        path: '/body/tags/addedTags',
      },
      {
        url: '/api/admin/projects/nope/tags',
        payload: { features: ['bulk-keep'], tags },
        status: 404,
        name: 'NotFoundError',
      },
      {
        url,
        payload: { features: ['bulk-keep', 'ghost'], tags },
        status: 404,
        name: 'NotFoundError',
        path: '/body/features',
      },
      {
        url,
        payload: { features: ['bulk-keep', 'bulk-elsewhere'], tags },
        status: 403,
        name: 'InvalidOperationError',
      },
    ];
    for (const c of cases) {
      const response = await t.admin({ method: 'PUT', url: c.url, payload: c.payload });
      expect(response.statusCode, JSON.stringify(c.payload)).toBe(c.status);
      expect(response.json().name).toBe(c.name);
      if (c.path) expect(response.json().details[0].path).toBe(c.path);
    }
    expect(await tagsOf('bulk-keep')).toEqual([]);
    expect(await tagsOf('bulk-elsewhere')).toEqual([]);
    expect(await tagExists('simple', 'bulk-new')).toBe(false);
  });
});
