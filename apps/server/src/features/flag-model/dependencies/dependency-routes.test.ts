import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvents } from '../../../testing/db-queries.ts';
import { buildFlag, buildProject } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await buildProject(t.db, 'web');
  await buildProject(t.db, 'mobile');
});
afterAll(() => t.close());

const base = '/api/admin/projects/web/features';
const dependenciesOf = (child: string) =>
  t.db.query<{ parent: string; enabled: boolean; variants: string[] }>(
    'SELECT parent, enabled, variants FROM flag_dependencies WHERE child = $1 ORDER BY parent',
    [child],
  );
const link = (parent: string, child: string) =>
  t.db.query('INSERT INTO flag_dependencies (parent, child) VALUES ($1, $2)', [parent, child]);
const flags = async (...names: string[]) => {
  for (const name of names) await buildFlag(t.db, { name, project: 'web' });
};

describe('GET /api/admin/projects/{projectId}/dependencies (checkDependenciesExist)', () => {
  it('answers false, then true once a dependency exists; Viewers may ask', async () => {
    const viewer = await t.as('Viewer');
    const before = await viewer({ method: 'GET', url: '/api/admin/projects/web/dependencies' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBe(false);
    await flags('exists-parent', 'exists-child');
    await link('exists-parent', 'exists-child');
    const after = await viewer({ method: 'GET', url: '/api/admin/projects/web/dependencies' });
    expect(after.json()).toBe(true);
  });

  it('answers 404 for an unknown project', async () => {
    const response = await t.admin({ method: 'GET', url: '/api/admin/projects/nope/dependencies' });
    expect(response.statusCode).toBe(404);
    expect(response.json().name).toBe('NotFoundError');
  });
});

describe('POST …/features/{child}/dependencies (addFeatureDependency)', () => {
  it('adds a dependency on an enabled parent with variants and records feature-dependency-added', async () => {
    await flags('add-parent', 'add-child');
    const response = await t.admin({
      method: 'POST',
      url: `${base}/add-child/dependencies`,
      payload: { feature: 'add-parent', enabled: true, variants: ['blue', 'blue', 'green'] },
    });
    expect(response.statusCode).toBe(200);
    expect(await dependenciesOf('add-child')).toEqual([
      { parent: 'add-parent', enabled: true, variants: ['blue', 'green'] },
    ]);
    const [event] = await t.db.query<{ data: unknown; project: string }>(
      "SELECT data, project FROM events WHERE type = 'feature-dependency-added' AND feature_name = 'add-child'",
    );
    expect(event).toEqual({
      project: 'web',
      data: { feature: 'add-parent', enabled: true, variants: ['blue', 'green'] },
    });
  });

  it('stores a dependency on a disabled parent, and a new dependency replaces the old one', async () => {
    await flags('swap-parent-a', 'swap-parent-b', 'swap-child');
    const editor = await t.as('Editor', { memberOf: ['web'] });
    const first = await editor({
      method: 'POST',
      url: `${base}/swap-child/dependencies`,
      payload: { feature: 'swap-parent-a', enabled: false },
    });
    expect(first.statusCode).toBe(200);
    expect(await dependenciesOf('swap-child')).toEqual([
      { parent: 'swap-parent-a', enabled: false, variants: [] },
    ]);
    await editor({
      method: 'POST',
      url: `${base}/swap-child/dependencies`,
      payload: { feature: 'swap-parent-b' },
    });
    expect(await dependenciesOf('swap-child')).toEqual([
      { parent: 'swap-parent-b', enabled: true, variants: [] },
    ]);
  });

  it('is refused to a Viewer', async () => {
    await flags('viewer-parent', 'viewer-child');
    const viewer = await t.as('Viewer');
    const response = await viewer({
      method: 'POST',
      url: `${base}/viewer-child/dependencies`,
      payload: { feature: 'viewer-parent' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('NoAccessError');
    expect(await dependenciesOf('viewer-child')).toEqual([]);
  });

  it('rejects bad input and breaks of the dependency rules, changing nothing', async () => {
    await flags(
      'rule-parent',
      'rule-child',
      'rule-grandparent',
      'rule-has-parent',
      'rule-is-parent',
      'rule-kid',
    );
    await buildFlag(t.db, { name: 'rule-mobile', project: 'mobile' });
    await buildFlag(t.db, { name: 'rule-archived', project: 'web', archived: true });
    await link('rule-grandparent', 'rule-has-parent');
    await link('rule-is-parent', 'rule-kid');
    const eventsBefore = await countEvents(t.db, 'feature-dependency-added');
    const cases = [
      { child: 'rule-child', payload: {}, status: 400, name: 'BadDataError', path: '/body/feature' },
      {
        child: 'rule-child',
        payload: { feature: 7 },
        status: 400,
        name: 'BadDataError',
        path: '/body/feature',
      },
      {
        child: 'rule-child',
        payload: { feature: 'rule-parent', enabled: 'yes' },
        status: 400,
        name: 'BadDataError',
        path: '/body/enabled',
      },
      {
        child: 'rule-child',
        payload: { feature: 'rule-parent', enabled: false, variants: ['blue'] },
        status: 400,
        name: 'BadDataError',
        path: '/body/variants',
      },
      { child: 'ghost', payload: { feature: 'rule-parent' }, status: 404, name: 'NotFoundError' },
      { child: 'rule-mobile', payload: { feature: 'rule-parent' }, status: 404, name: 'NotFoundError' },
      { child: 'rule-child', payload: { feature: 'ghost' }, status: 403, name: 'InvalidOperationError' },
      {
        child: 'rule-child',
        payload: { feature: 'rule-archived' },
        status: 403,
        name: 'InvalidOperationError',
      },
      { child: 'rule-child', payload: { feature: 'rule-child' }, status: 403, name: 'InvalidOperationError' },
      {
        child: 'rule-child',
        payload: { feature: 'rule-mobile' },
        status: 403,
        name: 'InvalidOperationError',
      },
      // a parent cannot itself have a parent, and a child cannot become a parent
      {
        child: 'rule-child',
        payload: { feature: 'rule-has-parent' },
        status: 403,
        name: 'InvalidOperationError',
      },
      {
        child: 'rule-is-parent',
        payload: { feature: 'rule-parent' },
        status: 403,
        name: 'InvalidOperationError',
      },
    ];
    for (const c of cases) {
      const response = await t.admin({
        method: 'POST',
        url: `${base}/${c.child}/dependencies`,
        payload: c.payload,
      });
      expect(response.statusCode, JSON.stringify(c)).toBe(c.status);
      expect(response.json().name, JSON.stringify(c)).toBe(c.name);
      if (c.path) expect(response.json().details[0].path).toBe(c.path);
    }
    const transitive = await t.admin({
      method: 'POST',
      url: `${base}/rule-child/dependencies`,
      payload: { feature: 'rule-has-parent' },
    });
    expect(transitive.json().message).toContain('Transitive dependency');
    const unknownProject = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/nope/features/rule-child/dependencies',
      payload: { feature: 'rule-parent' },
    });
    expect(unknownProject.statusCode).toBe(404);
    expect(await dependenciesOf('rule-child')).toEqual([]);
    expect(await dependenciesOf('rule-is-parent')).toEqual([]);
    expect(await countEvents(t.db, 'feature-dependency-added')).toBe(eventsBefore);
  });
});

describe('DELETE …/features/{child}/dependencies/{parent} (deleteFeatureDependency)', () => {
  it('removes the dependency and records feature-dependency-removed', async () => {
    await flags('del-parent', 'del-child');
    await link('del-parent', 'del-child');
    const response = await t.admin({ method: 'DELETE', url: `${base}/del-child/dependencies/del-parent` });
    expect(response.statusCode).toBe(200);
    expect(await dependenciesOf('del-child')).toEqual([]);
    expect(await countEvents(t.db, 'feature-dependency-removed', 'del-child')).toBe(1);
  });

  it('succeeds without an event when there is no such dependency', async () => {
    await flags('del-lonely');
    const response = await t.admin({ method: 'DELETE', url: `${base}/del-lonely/dependencies/del-parent` });
    expect(response.statusCode).toBe(200);
    expect(await countEvents(t.db, 'feature-dependency-removed', 'del-lonely')).toBe(0);
  });

  it('is refused to a Viewer, and answers 404 for an unknown project or child', async () => {
    await flags('del-v-parent', 'del-v-child');
    await link('del-v-parent', 'del-v-child');
    const viewer = await t.as('Viewer');
    const denied = await viewer({ method: 'DELETE', url: `${base}/del-v-child/dependencies/del-v-parent` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    for (const url of [
      `${base}/ghost/dependencies/del-v-parent`,
      '/api/admin/projects/nope/features/del-v-child/dependencies/del-v-parent',
    ]) {
      const response = await t.admin({ method: 'DELETE', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().name).toBe('NotFoundError');
    }
    expect(await dependenciesOf('del-v-child')).toHaveLength(1);
  });
});

describe('DELETE …/features/{child}/dependencies (deleteFeatureDependencies)', () => {
  it('removes every dependency of the child with one feature-dependencies-removed event', async () => {
    await flags('all-parent', 'all-child');
    await link('all-parent', 'all-child');
    const response = await t.admin({ method: 'DELETE', url: `${base}/all-child/dependencies` });
    expect(response.statusCode).toBe(200);
    expect(await dependenciesOf('all-child')).toEqual([]);
    expect(await countEvents(t.db, 'feature-dependencies-removed', 'all-child')).toBe(1);
  });

  it('is refused to a Viewer, and answers 404 for an unknown child', async () => {
    await flags('all-v-parent', 'all-v-child');
    await link('all-v-parent', 'all-v-child');
    const viewer = await t.as('Viewer');
    const denied = await viewer({ method: 'DELETE', url: `${base}/all-v-child/dependencies` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('NoAccessError');
    const unknown = await t.admin({ method: 'DELETE', url: `${base}/ghost/dependencies` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
    expect(await dependenciesOf('all-v-child')).toHaveLength(1);
    expect(await countEvents(t.db, 'feature-dependencies-removed', 'all-v-child')).toBe(0);
  });
});

describe('GET …/features/{child}/parents (listParentOptions)', () => {
  it('lists active flags of the project without a parent of their own, except the child, sorted', async () => {
    await buildProject(t.db, 'opts');
    for (const name of ['o-child', 'o-b', 'o-a', 'o-with-parent']) {
      await buildFlag(t.db, { name, project: 'opts' });
    }
    await buildFlag(t.db, { name: 'o-archived', project: 'opts', archived: true });
    await buildFlag(t.db, { name: 'o-elsewhere', project: 'web' });
    await link('o-a', 'o-with-parent');
    const viewer = await t.as('Viewer');
    const response = await viewer({
      method: 'GET',
      url: '/api/admin/projects/opts/features/o-child/parents',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(['o-a', 'o-b']);
  });

  it('answers 404 for an unknown child or project', async () => {
    for (const url of [`${base}/ghost/parents`, '/api/admin/projects/nope/features/o-child/parents']) {
      const response = await t.admin({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().name).toBe('NotFoundError');
    }
  });
});

describe('GET …/features/{parent}/parent-variants (listParentVariantOptions)', () => {
  const variant = (name: string) => ({ name, weight: 1000, weightType: 'variable', stickiness: 'default' });

  it('lists the distinct variant names of strategies and environments, sorted', async () => {
    await buildFlag(t.db, {
      name: 'variant-parent',
      project: 'web',
      environments: {
        development: {
          enabled: false,
          variants: [variant('red')],
          strategies: [{ variants: [variant('green'), variant('blue')] }],
        },
        production: {
          enabled: false,
          variants: [variant('red')],
          strategies: [{ variants: [variant('blue')] }],
        },
      },
    });
    const viewer = await t.as('Viewer');
    const response = await viewer({ method: 'GET', url: `${base}/variant-parent/parent-variants` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(['blue', 'green', 'red']);
  });

  it('answers no variants for a name that is no flag of the project, and 404 for an unknown project', async () => {
    // Unleash's admin UI asks on the project page before any parent is chosen, and Unleash answers an empty list.
    const response = await t.admin({ method: 'GET', url: `${base}/ghost/parent-variants` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    const project = await t.admin({
      method: 'GET',
      url: '/api/admin/projects/no-such-project/features/ghost/parent-variants',
    });
    expect(project.statusCode).toBe(404);
    expect(project.json().name).toBe('NotFoundError');
  });
});
