import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { countRows } from '../../../testing/db-queries.ts';
import { buildFlag } from '../../../testing/flag-builder.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const projects = () => t.db.query('SELECT * FROM projects ORDER BY id');
const projectLinks = () =>
  t.db.query('SELECT * FROM project_environments ORDER BY project_id, environment_name');
const createProject = (payload: Record<string, unknown>) =>
  t.admin({ method: 'POST', url: '/api/admin/projects', payload });

describe('GET /api/admin/projects (getProjects)', () => {
  it('lists projects with flag counts, health and the caller’s favorites', async () => {
    await createProject({ id: 'health', name: 'Health check' });
    await buildFlag(t.db, { name: 'h-fresh', project: 'health' });
    await buildFlag(t.db, { name: 'h-stale', project: 'health', stale: true });
    await buildFlag(t.db, {
      name: 'h-old-release',
      project: 'health',
      createdAt: new Date(Date.now() - 50 * DAY),
    });
    await buildFlag(t.db, {
      name: 'h-old-kill-switch',
      project: 'health',
      type: 'kill-switch',
      createdAt: new Date(Date.now() - 500 * DAY),
    });
    await buildFlag(t.db, { name: 'h-archived', project: 'health', stale: true, archived: new Date() });
    const viewer = await t.as('Viewer');
    const viewerId = (
      await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'test-viewer'")
    )[0]!.id;
    await t.db.query("INSERT INTO favorite_projects (project_id, user_id) VALUES ('health', $1)", [viewerId]);

    const response = await viewer({ method: 'GET', url: '/api/admin/projects' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.version).toBe(1);
    const health = body.projects.find((p: { id: string }) => p.id === 'health');
    expect(health).toEqual({
      id: 'health',
      name: 'Health check',
      description: null,
      health: 50,
      technicalDebt: 50,
      featureCount: 4,
      staleFeatureCount: 1,
      potentiallyStaleFeatureCount: 1,
      // Nobody holds a role in it (owners and members: project-owners.test.ts).
      memberCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastUpdatedAt: expect.any(String),
      archivedAt: null,
      favorite: true,
      mode: 'open',
      defaultStickiness: 'default',
      featureLimit: null,
      owners: [{ ownerType: 'system' }],
    });
    expect(body.projects.find((p: { id: string }) => p.id === 'default')).toMatchObject({
      health: 100,
      favorite: false,
    });
    const asAdminToken = (await t.admin({ method: 'GET', url: '/api/admin/projects' })).json();
    expect(asAdminToken.projects.find((p: { id: string }) => p.id === 'health').favorite).toBe(false);
  });

  it('refuses anonymous callers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/projects' });
    expect(response.statusCode).toBe(401);
    expect(response.json().name).toBe('AuthenticationRequired');
  });
});

describe('GET /api/admin/projects/{projectId} (getProject)', () => {
  it('returns the project with its environments and a summary of its flags that are not archived', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/projects/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      version: 1,
      id: 'health',
      name: 'Health check',
      health: 50,
      technicalDebt: 50,
    });
    expect(body.environments).toEqual([{ environment: 'development' }, { environment: 'production' }]);
    expect(body.features.map((f: { name: string }) => f.name).sort()).toEqual([
      'h-fresh',
      'h-old-kill-switch',
      'h-old-release',
      'h-stale',
    ]);
    expect(body.features.find((f: { name: string }) => f.name === 'h-stale')).toMatchObject({
      stale: true,
      type: 'release',
      project: 'health',
    });
  });

  it('shows each flag’s state in the project’s environments', async () => {
    await buildFlag(t.db, {
      name: 'h-on',
      project: 'health',
      environments: { production: true, development: false },
    });
    const body = (await t.admin({ method: 'GET', url: '/api/admin/projects/health' })).json();
    expect(body.features.find((f: { name: string }) => f.name === 'h-on').environments).toEqual([
      { name: 'development', enabled: false, type: 'development', sortOrder: 100 },
      { name: 'production', enabled: true, type: 'production', sortOrder: 200 },
    ]);
  });

  it('answers 404 for an unknown project and 401 without credentials', async () => {
    const missing = await t.admin({ method: 'GET', url: '/api/admin/projects/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/projects/default' })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/projects (createProject)', () => {
  it('creates a project in the given environments and records it', async () => {
    const response = await createProject({
      id: 'checkout',
      name: 'Checkout',
      description: 'Payments team',
      mode: 'protected',
      defaultStickiness: 'userId',
      environments: ['production'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: 'checkout',
      name: 'Checkout',
      description: 'Payments team',
      featureLimit: null,
      mode: 'protected',
      defaultStickiness: 'userId',
      environments: ['production'],
    });
    const links = await t.db.query<{ environment_name: string }>(
      "SELECT environment_name FROM project_environments WHERE project_id = 'checkout'",
    );
    expect(links.map((l) => l.environment_name)).toEqual(['production']);
    const [event] = await t.db.query<{ data: Record<string, unknown>; created_by: string }>(
      "SELECT * FROM events WHERE type = 'project-created' AND project = 'checkout'",
    );
    expect(event!.data).toMatchObject({ id: 'checkout', name: 'Checkout', environments: ['production'] });
    expect(event!.created_by).toBe('init-admin-token-1');
  });

  it('adds every enabled environment by default and makes an id from the name when none is given', async () => {
    await t.admin({
      method: 'POST',
      url: '/api/admin/environments',
      payload: { name: 'hidden', type: 'test' },
    });
    await t.admin({ method: 'POST', url: '/api/admin/environments/hidden/off' });
    const first = await createProject({ name: 'Søk & Finn' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id: 'sok-finn', environments: ['development', 'production'] });
    const second = await createProject({ name: 'Søk & Finn' });
    expect(second.json().id).toBe('sok-finn-2');
  });

  it('refuses viewers, creating nothing', async () => {
    const before = await projects();
    const viewer = await t.as('Viewer');
    const response = await viewer({
      method: 'POST',
      url: '/api/admin/projects',
      payload: { id: 'nope', name: 'Nope' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('NoAccessError');
    expect(await projects()).toEqual(before);
  });

  it('lets editors create projects (CREATE_PROJECT, as in Unleash)', async () => {
    const editor = await t.as('Editor');
    const response = await editor({
      method: 'POST',
      url: '/api/admin/projects',
      payload: { id: 'by-editor', name: 'By editor' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses bad input with a 400 naming the field, and a duplicate id with 409', async () => {
    const before = await projects();
    const linksBefore = await projectLinks();
    for (const [payload, path] of [
      [{ id: 'x' }, '/body/name'],
      [{ id: 'x', name: 7 }, '/body/name'],
      [{ id: 'x', name: '   ' }, '/body/name'],
      [{ id: 'has space', name: 'X' }, '/body/id'],
      [{ id: 'ä/b', name: 'X' }, '/body/id'],
      [{ id: '..', name: 'X' }, '/body/id'],
      [{ id: 'x', name: 'X', mode: 'secret' }, '/body/mode'],
      [{ id: 'x', name: 'X', environments: ['production', 'nowhere'] }, '/body/environments'],
      [{ id: 'x', name: 'X', environments: 'production' }, '/body/environments'],
      [{ id: 'x', name: 'X', defaultStickiness: 'shoeSize' }, '/body/defaultStickiness'],
      [{ id: 'x', name: 'X', owner: 'me' }, '/body'],
    ] as const) {
      const response = await createProject(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const duplicate = await createProject({ id: 'checkout', name: 'Again' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().name).toBe('NameExistsError');
    expect(await projects()).toEqual(before);
    expect(await projectLinks()).toEqual(linksBefore);
  });
});

describe('PUT /api/admin/projects/{projectId} (updateProject)', () => {
  it('changes the given fields, keeps the others, and records before and after', async () => {
    const response = await t.admin({
      method: 'PUT',
      url: '/api/admin/projects/checkout',
      payload: { name: 'Checkout & Payments', mode: 'open' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.query<Record<string, unknown>>("SELECT * FROM projects WHERE id = 'checkout'");
    expect(row).toMatchObject({
      name: 'Checkout & Payments',
      description: 'Payments team',
      mode: 'open',
      default_stickiness: 'userId',
    });
    const [event] = await t.db.query<{ data: Record<string, unknown>; pre_data: Record<string, unknown> }>(
      "SELECT * FROM events WHERE type = 'project-updated' AND project = 'checkout'",
    );
    expect(event!.pre_data).toMatchObject({ name: 'Checkout', mode: 'protected' });
    expect(event!.data).toMatchObject({ name: 'Checkout & Payments', mode: 'open' });
    const cleared = await t.admin({
      method: 'PUT',
      url: '/api/admin/projects/checkout',
      payload: { name: 'Checkout & Payments', description: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(
      (
        await t.db.query<{ description: unknown }>("SELECT description FROM projects WHERE id = 'checkout'")
      )[0]!.description,
    ).toBeNull();
  });

  it('refuses editors, bad input and unknown projects, changing nothing', async () => {
    const before = await projects();
    const editor = await t.as('Editor');
    const denied = await editor({
      method: 'PUT',
      url: '/api/admin/projects/checkout',
      payload: { name: 'Mine' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    for (const [payload, path] of [
      [{ description: 'no name' }, '/body/name'],
      [{ name: ['list'] }, '/body/name'],
      [{ name: 'X', mode: 'closed' }, '/body/mode'],
      [{ name: 'X', defaultStickiness: 'shoeSize' }, '/body/defaultStickiness'],
    ] as const) {
      const response = await t.admin({ method: 'PUT', url: '/api/admin/projects/checkout', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(response.json().details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const missing = await t.admin({
      method: 'PUT',
      url: '/api/admin/projects/nowhere',
      payload: { name: 'X' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    expect(await projects()).toEqual(before);
  });
});

describe('DELETE /api/admin/projects/{projectId} (deleteProject)', () => {
  it('deletes a project whose flags are all archived, with those flags and its own API tokens', async () => {
    await createProject({ id: 'retired', name: 'Retired' });
    await buildFlag(t.db, {
      name: 'retired-old',
      project: 'retired',
      archived: new Date(),
      environments: { development: false },
      recordEvent: false,
    });
    const own = await t.admin({
      method: 'POST',
      url: '/api/admin/api-tokens',
      payload: {
        tokenName: 'retired-sdk',
        type: 'client',
        environment: 'development',
        projects: ['retired'],
      },
    });
    expect(own.statusCode).toBe(201);

    const response = await t.admin({ method: 'DELETE', url: '/api/admin/projects/retired' });
    expect(response.statusCode).toBe(200);
    expect(await countRows(t.db, 'projects', "id = 'retired'")).toBe(0);
    expect(await countRows(t.db, 'flags', "name = 'retired-old'")).toBe(0);
    expect(await countRows(t.db, 'project_environments', "project_id = 'retired'")).toBe(0);
    expect(await countRows(t.db, 'api_tokens', "token_name = 'retired-sdk'")).toBe(0);
    const types = await t.db.query<{ type: string }>(
      "SELECT type FROM events WHERE project = 'retired' ORDER BY id",
    );
    // The project's token was filed under it (its only project), when made and when deleted with the project.
    expect(types.map((e) => e.type)).toEqual([
      'project-created',
      'api-token-created',
      'feature-deleted',
      'api-token-deleted',
      'project-deleted',
    ]);
  });

  it('refuses while flags are not archived, naming how many, and never deletes the default project', async () => {
    await createProject({ id: 'busy', name: 'Busy' });
    await buildFlag(t.db, { name: 'busy-1', project: 'busy' });
    await buildFlag(t.db, { name: 'busy-2', project: 'busy' });
    await buildFlag(t.db, { name: 'busy-3', project: 'busy', archived: new Date() });
    const before = await projects();
    const busy = await t.admin({ method: 'DELETE', url: '/api/admin/projects/busy' });
    expect(busy.statusCode).toBe(403);
    expect(busy.json().name).toBe('InvalidOperationError');
    expect(busy.json().message).toContain('2 flags that are not archived');
    const fallback = await t.admin({ method: 'DELETE', url: '/api/admin/projects/default' });
    expect(fallback.statusCode).toBe(403);
    expect(fallback.json()).toMatchObject({
      name: 'InvalidOperationError',
      message: 'You can not delete the default project!',
    });
    expect(await projects()).toEqual(before);
    expect(await countRows(t.db, 'flags', "project_id = 'busy'")).toBe(3);
  });

  it('refuses editors and unknown projects', async () => {
    const before = await projects();
    const editor = await t.as('Editor');
    const denied = await editor({ method: 'DELETE', url: '/api/admin/projects/checkout' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    const missing = await t.admin({ method: 'DELETE', url: '/api/admin/projects/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().name).toBe('NotFoundError');
    expect(await projects()).toEqual(before);
  });
});
