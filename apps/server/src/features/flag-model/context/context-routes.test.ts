import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.query("INSERT INTO projects (id, name) VALUES ('shop', 'Shop'), ('blog', 'Blog')");
});
afterAll(() => t.close());

const snapshot = async () => ({
  fields: await t.db.query('SELECT * FROM context_fields ORDER BY name'),
  events: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0]!.n,
});

const lastEvent = async () =>
  (
    await t.db.query<{ type: string; data: unknown; pre_data: unknown; project: string | null }>(
      'SELECT * FROM events ORDER BY id DESC LIMIT 1',
    )
  )[0]!;

/** A flag whose one strategy, in development, has a constraint on `contextName`. */
async function flagUsingContext(contextName: string, flag: string, project = 'default'): Promise<void> {
  const constraints = [{ contextName, operator: 'IN', values: ['x'] }];
  await buildFlag(t.db, {
    name: flag,
    project,
    environments: { development: { enabled: false, strategies: [{ constraints }] } },
  });
}

const names = (response: { json(): unknown }) => (response.json() as { name: string }[]).map((f) => f.name);

describe('global context field lists', () => {
  it('lists the built-in fields in sort order, and project fields only with include=project', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/projects/shop/context', payload: { name: 'shopOnly' } });
    const list = await t.admin({ method: 'GET', url: '/api/admin/context' });
    expect(list.statusCode).toBe(200);
    expect(names(list).slice(0, 6)).toEqual([
      'environment',
      'userId',
      'appName',
      'sessionId',
      'remoteAddress',
      'currentTime',
    ]);
    expect(names(list)).not.toContain('shopOnly');
    const all = await t.admin({ method: 'GET', url: '/api/admin/context?include=project' });
    expect(names(all)).toContain('shopOnly');
    const projectList = await t.admin({ method: 'GET', url: '/api/admin/projects/shop/context' });
    expect(names(projectList)).toEqual(['shopOnly']);
    const withRoot = await t.admin({ method: 'GET', url: '/api/admin/projects/shop/context?include=root' });
    expect(names(withRoot)).toEqual(expect.arrayContaining(['shopOnly', 'userId']));
    const unknown = await t.admin({ method: 'GET', url: '/api/admin/projects/nowhere/context' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
  });

  it('counts the flags and projects whose strategies constrain a field', async () => {
    await t.admin({ method: 'POST', url: '/api/admin/context', payload: { name: 'tenant' } });
    await flagUsingContext('tenant', 'tenant-flag-1');
    await flagUsingContext('tenant', 'tenant-flag-2', 'shop');
    const field = await t.admin({ method: 'GET', url: '/api/admin/context/tenant' });
    expect(field.json()).toMatchObject({ usedInFeatures: 2, usedInProjects: 2 });
  });

  it('never deletes built-in fields', async () => {
    const before = await snapshot();
    const response = await t.admin({ method: 'DELETE', url: '/api/admin/context/userId' });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('InvalidOperationError');
    expect(await snapshot()).toEqual(before);
  });
});

const scopes = [
  { label: 'global', base: '/api/admin/context', project: null, other: '/api/admin/context' },
  {
    label: 'project',
    base: '/api/admin/projects/shop/context',
    project: 'shop',
    other: '/api/admin/projects/blog/context',
  },
] as const;

describe.each(scopes)('$label context fields', ({ label, base, project, other }) => {
  const name = (suffix: string) => `${label}-${suffix}`;
  const create = async (suffix: string, body: Record<string, unknown> = {}) => {
    const response = await t.admin({ method: 'POST', url: base, payload: { name: name(suffix), ...body } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('creates a field, records context-field-created, and gets it', async () => {
    const field = await create('region', {
      description: 'Where the user is',
      stickiness: true,
      sortOrder: 3,
      legalValues: [{ value: 'eu', description: 'Europe' }, { value: 'us' }],
    });
    expect(field).toMatchObject({
      name: name('region'),
      description: 'Where the user is',
      stickiness: true,
      sortOrder: 3,
      legalValues: [{ value: 'eu', description: 'Europe' }, { value: 'us' }],
      project,
      usedInFeatures: 0,
    });
    expect(await lastEvent()).toMatchObject({
      type: 'context-field-created',
      project,
      data: { name: name('region'), stickiness: true },
    });
    const got = await t.admin({ method: 'GET', url: `${base}/${name('region')}` });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(field);
    const list = await t.admin({ method: 'GET', url: base });
    expect(names(list)).toContain(name('region'));
  });

  it('updates only the properties given and records context-field-updated', async () => {
    await create('plan', { description: 'Billing plan', legalValues: [{ value: 'free' }] });
    const response = await t.admin({
      method: 'PUT',
      url: `${base}/${name('plan')}`,
      payload: { name: name('plan'), stickiness: true, sortOrder: 50 },
    });
    expect(response.statusCode).toBe(200);
    const field = (await t.admin({ method: 'GET', url: `${base}/${name('plan')}` })).json();
    expect(field).toMatchObject({
      description: 'Billing plan',
      stickiness: true,
      sortOrder: 50,
      legalValues: [{ value: 'free' }],
    });
    expect(await lastEvent()).toMatchObject({
      type: 'context-field-updated',
      data: { stickiness: true, sortOrder: 50 },
      pre_data: { stickiness: false, sortOrder: 10 },
    });
  });

  it('adds, redescribes and removes legal values', async () => {
    await create('tier', { legalValues: [{ value: 'gold' }] });
    const add = await t.admin({
      method: 'POST',
      url: `${base}/${name('tier')}/legal-values`,
      payload: { value: 'silver', description: 'Second' },
    });
    expect(add.statusCode).toBe(200);
    const redescribe = await t.admin({
      method: 'POST',
      url: `${base}/${name('tier')}/legal-values`,
      payload: { value: 'gold', description: 'First' },
    });
    expect(redescribe.statusCode).toBe(200);
    expect((await t.admin({ method: 'GET', url: `${base}/${name('tier')}` })).json().legalValues).toEqual([
      { value: 'gold', description: 'First' },
      { value: 'silver', description: 'Second' },
    ]);
    const remove = await t.admin({ method: 'DELETE', url: `${base}/${name('tier')}/legal-values/gold` });
    expect(remove.statusCode).toBe(200);
    expect((await t.admin({ method: 'GET', url: `${base}/${name('tier')}` })).json().legalValues).toEqual([
      { value: 'silver', description: 'Second' },
    ]);
    expect(await lastEvent()).toMatchObject({
      type: 'context-field-updated',
      data: { legalValues: [{ value: 'silver' }] },
      pre_data: { legalValues: [{ value: 'gold' }, { value: 'silver' }] },
    });

    const before = await snapshot();
    const unknownValue = await t.admin({
      method: 'DELETE',
      url: `${base}/${name('tier')}/legal-values/bronze`,
    });
    expect(unknownValue.statusCode).toBe(404);
    expect(unknownValue.json().name).toBe('NotFoundError');
    const missingValue = await t.admin({
      method: 'POST',
      url: `${base}/${name('tier')}/legal-values`,
      payload: { description: 'no value' },
    });
    expect(missingValue.statusCode).toBe(400);
    expect(missingValue.json().details[0].path).toBe('/body/value');
    const unknownField = await t.admin({
      method: 'POST',
      url: `${base}/${name('ghost')}/legal-values`,
      payload: { value: 'x' },
    });
    expect(unknownField.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('deletes an unused field and records context-field-deleted', async () => {
    await create('temporary');
    const response = await t.admin({ method: 'DELETE', url: `${base}/${name('temporary')}` });
    expect(response.statusCode).toBe(200);
    expect(await lastEvent()).toMatchObject({
      type: 'context-field-deleted',
      pre_data: { name: name('temporary') },
    });
    expect((await t.admin({ method: 'GET', url: `${base}/${name('temporary')}` })).statusCode).toBe(404);
  });

  it('refuses to delete a field that strategy or segment constraints use, naming them', async () => {
    await create('used');
    await create('in-segment');
    await flagUsingContext(name('used'), `${label}-uses-field`);
    await t.db.query('INSERT INTO segments (name, constraints) VALUES ($1, $2)', [
      `${label}-segment`,
      JSON.stringify([{ contextName: name('in-segment'), operator: 'IN', values: ['a'] }]),
    ]);
    const before = await snapshot();
    const byStrategy = await t.admin({ method: 'DELETE', url: `${base}/${name('used')}` });
    expect(byStrategy.statusCode).toBe(409);
    expect(byStrategy.json().name).toBe('ConflictError');
    expect(byStrategy.json().message).toContain(`"${label}-uses-field"`);
    const bySegment = await t.admin({ method: 'DELETE', url: `${base}/${name('in-segment')}` });
    expect(bySegment.statusCode).toBe(409);
    expect(bySegment.json().message).toContain(`"${label}-segment"`);
    expect(await snapshot()).toEqual(before);
  });

  it('validates names: 200 when free, 409 when taken, 400 when malformed', async () => {
    await create('claimed');
    const before = await snapshot();
    const viewer = await t.as('Viewer');
    const free = await viewer({ method: 'POST', url: `${base}/validate`, payload: { name: name('free') } });
    expect(free.statusCode).toBe(200);
    const taken = await t.admin({
      method: 'POST',
      url: `${base}/validate`,
      payload: { name: name('claimed') },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().name).toBe('NameExistsError');
    const malformed = await t.admin({
      method: 'POST',
      url: `${base}/validate`,
      payload: { name: 'has space' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].path).toBe('/body/name');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with a 400 naming the field, and duplicates with 409; nothing changes', async () => {
    await create('existing');
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'no name' }, '/body/name'],
      [{ name: 7 }, '/body/name'],
      [{ name: 'white space' }, '/body/name'],
      [{ name: name('x'), stickiness: 'yes' }, '/body/stickiness'],
      [{ name: name('x'), sortOrder: 1.5 }, '/body/sortOrder'],
      [{ name: name('x'), legalValues: [{ description: 'no value' }] }, '/body/legalValues/0/value'],
      [{ name: name('x'), legalValues: [{ value: 'a' }, { value: 'a' }] }, '/body/legalValues'],
      [{ name: name('x'), colour: 'red' }, '/body'],
    ];
    for (const [payload, path] of cases) {
      const response = await t.admin({ method: 'POST', url: base, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const updates: [Record<string, unknown>, string][] = [
      [{ stickiness: 1 }, '/body/stickiness'],
      [{ name: 'renamed' }, '/body/name'],
      [{ legalValues: [{ value: 'a' }, { value: 'a' }] }, '/body/legalValues'],
    ];
    for (const [payload, path] of updates) {
      const response = await t.admin({ method: 'PUT', url: `${base}/${name('existing')}`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const duplicate = await t.admin({ method: 'POST', url: base, payload: { name: name('existing') } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().name).toBe('NameExistsError');
    const builtInName = await t.admin({ method: 'POST', url: base, payload: { name: 'userId' } });
    expect(builtInName.statusCode).toBe(409);
    const unknownUpdate = await t.admin({ method: 'PUT', url: `${base}/${name('ghost')}`, payload: {} });
    expect(unknownUpdate.statusCode).toBe(404);
    expect(unknownUpdate.json().name).toBe('NotFoundError');
    const unknownDelete = await t.admin({ method: 'DELETE', url: `${base}/${name('ghost')}` });
    expect(unknownDelete.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  if (project) {
    it("keeps a project's fields out of reach of other projects' routes, and needs the project to exist", async () => {
      await create('private');
      const before = await snapshot();
      for (const request of [
        { method: 'GET' as const, url: `${other}/${name('private')}` },
        { method: 'PUT' as const, url: `${other}/${name('private')}`, payload: { stickiness: true } },
        { method: 'DELETE' as const, url: `${other}/${name('private')}` },
        { method: 'POST' as const, url: `${other}/${name('private')}/legal-values`, payload: { value: 'x' } },
        { method: 'POST' as const, url: '/api/admin/projects/nowhere/context', payload: { name: 'lost' } },
        {
          method: 'POST' as const,
          url: '/api/admin/projects/nowhere/context/validate',
          payload: { name: 'lost' },
        },
        { method: 'GET' as const, url: '/api/admin/projects/shop/context/userId' },
      ]) {
        const response = await t.admin(request);
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(response.json().name).toBe('NotFoundError');
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  it('lets editors change global fields, leaves project fields to project owners, and refuses viewers', async () => {
    const editor = await t.as('Editor');
    const created = await editor({ method: 'POST', url: base, payload: { name: name('by-editor') } });
    // A project's own fields need UPDATE_PROJECT_CONTEXT, a project owner's permission Editors do not hold.
    expect(created.statusCode).toBe(project ? 403 : 201);
    if (project) await create('by-editor');
    const before = await snapshot();
    const viewer = await t.as('Viewer');
    for (const request of [
      { method: 'POST' as const, url: base, payload: { name: name('by-viewer') } },
      { method: 'PUT' as const, url: `${base}/${name('by-editor')}`, payload: { stickiness: true } },
      { method: 'DELETE' as const, url: `${base}/${name('by-editor')}` },
      { method: 'POST' as const, url: `${base}/${name('by-editor')}/legal-values`, payload: { value: 'v' } },
      { method: 'DELETE' as const, url: `${base}/${name('by-editor')}/legal-values/v` },
    ]) {
      const response = await viewer(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json().name).toBe('NoAccessError');
    }
    expect((await viewer({ method: 'GET', url: `${base}/${name('by-editor')}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
