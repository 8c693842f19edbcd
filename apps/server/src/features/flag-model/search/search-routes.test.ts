import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { buildFlag, buildProject } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { parseSearch } from './search-query.ts';
import { createSearchReadModel } from './search-read-model.ts';

// Relative to today: whether a flag is potentially stale depends on its age and its type's lifetime.
const now = Date.now();
const daysAgo = (days: number) => new Date(Math.floor(now / 1000) * 1000 - days * 86_400_000);
const day = (date: Date) => date.toISOString().slice(0, 10);
/** A flag in both environments of its project, disabled, as a new flag is. */
const disabled = { development: false, production: false };
const blue = { name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' };

let t: TestApp;
let editorId: number;
beforeAll(async () => {
  t = await createTestApp();
  await buildProject(t.db, 'web');
  await t.db.query(
    "INSERT INTO tag_types (name, description, color) VALUES ('team', 'Owning team', '#00AA00')",
  );
  const editor = await t.as('Editor');
  await editor({ method: 'GET', url: '/api/admin/user' });
  editorId = (await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'test-editor'"))[0]!.id;

  await buildFlag(t.db, {
    name: 'alpha-checkout',
    description: 'One-page checkout',
    createdAt: daysAgo(6),
    createdByUserId: editorId,
    environments: {
      development: { enabled: true, strategies: [{}], variants: [blue] },
      production: { enabled: false, strategies: [{ disabled: true }], variants: [blue] },
    },
    tags: [
      { type: 'simple', value: 'beta' },
      { type: 'team', value: 'payments' },
    ],
  });
  await buildFlag(t.db, {
    name: 'beta-search',
    project: 'web',
    type: 'experiment',
    stale: true,
    createdAt: daysAgo(5),
    environments: disabled,
    tags: [{ type: 'simple', value: 'beta' }],
  });
  await buildFlag(t.db, {
    name: 'gamma-old',
    type: 'operational',
    createdAt: daysAgo(400),
    lastSeenAt: daysAgo(1),
    environments: disabled,
  });
  await buildFlag(t.db, {
    name: 'delta-archived',
    archived: true,
    createdAt: daysAgo(4),
    environments: disabled,
  });
  await buildFlag(t.db, { name: 'epsilon-child', createdAt: daysAgo(3), environments: disabled });
  await t.db.query(
    "INSERT INTO flag_dependencies (parent, child) VALUES ('alpha-checkout', 'epsilon-child')",
  );
  await buildFlag(t.db, {
    name: 'zeta-segment',
    project: 'web',
    createdAt: daysAgo(2),
    environments: { development: false, production: { enabled: false, strategies: [{}] } },
  });
  const [segment] = await t.db.query<{ id: number }>(
    "INSERT INTO segments (name) VALUES ('vip') RETURNING id",
  );
  await t.db.query(
    "INSERT INTO flag_strategy_segments (strategy_id, segment_id) SELECT id, $1 FROM flag_strategies WHERE flag_name = 'zeta-segment'",
    [segment!.id],
  );
  await t.db.query("INSERT INTO favorite_flags (flag_name, user_id) VALUES ('zeta-segment', $1)", [editorId]);
});
afterAll(() => t.close());

const search = async (query = '') => {
  const response = await t.admin({ method: 'GET', url: `/api/admin/search/features${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { features: (Record<string, unknown> & { name: string })[]; total: number };
};
const names = async (query: string) => (await search(query)).features.map((flag) => flag.name);

describe('GET /api/admin/search/features (searchFeatures)', () => {
  it('lists active flags oldest first, each with its environments, tags, dependency role and creator', async () => {
    const result = await search();
    expect(result.total).toBe(5);
    expect(result.features.map((flag) => flag.name)).toEqual([
      'gamma-old',
      'alpha-checkout',
      'beta-search',
      'epsilon-child',
      'zeta-segment',
    ]);
    const alpha = result.features.find((flag) => flag.name === 'alpha-checkout')!;
    expect(alpha).toMatchObject({
      description: 'One-page checkout',
      type: 'release',
      project: 'default',
      stale: false,
      favorite: false,
      impressionData: false,
      archivedAt: null,
      dependencyType: 'parent',
      createdAt: daysAgo(6).toISOString(),
      segments: [],
      createdBy: { id: editorId, name: 'test-editor', imageUrl: '' },
      tags: [
        { type: 'simple', value: 'beta', color: null },
        { type: 'team', value: 'payments', color: '#00AA00' },
      ],
    });
    expect(alpha.environments).toEqual([
      expect.objectContaining({
        name: 'development',
        enabled: true,
        type: 'development',
        variantCount: 1,
        hasStrategies: true,
        hasEnabledStrategies: true,
        yes: 0,
        no: 0,
        changeRequestIds: [],
      }),
      expect.objectContaining({
        name: 'production',
        enabled: false,
        hasStrategies: true,
        hasEnabledStrategies: false,
      }),
    ]);
    const child = result.features.find((flag) => flag.name === 'epsilon-child')!;
    expect(child).toMatchObject({ dependencyType: 'child', createdBy: { id: 0, name: 'unknown' } });
    expect(result.features.find((flag) => flag.name === 'zeta-segment')!.segments).toEqual(['vip']);
  });

  it('gives each flag its current lifecycle stage', async () => {
    await t.db.query("INSERT INTO flag_completions (flag_name, status) VALUES ('gamma-old', 'kept')");
    const stages = Object.fromEntries(
      (await search()).features.map((flag) => [flag.name, (flag.lifecycle as { stage: string }).stage]),
    );
    expect(stages).toEqual({
      'gamma-old': 'completed',
      'alpha-checkout': 'pre-live',
      'beta-search': 'initial',
      'epsilon-child': 'initial',
      'zeta-segment': 'initial',
    });
    // Since when: an archived flag since it was archived, one still initial since it was created.
    const [archived] = (await search('?archived=IS:true')).features;
    expect(archived!.lifecycle).toEqual({ stage: 'archived', enteredStageAt: archived!.archivedAt });
    const initial = (await search()).features.find((flag) => flag.name === 'beta-search')!;
    expect(initial.lifecycle).toEqual({ stage: 'initial', enteredStageAt: initial.createdAt });
    await t.db.query("DELETE FROM flag_completions WHERE flag_name = 'gamma-old'");
  });

  it('finds text in names, descriptions and tags, case-insensitively, any of several fragments', async () => {
    expect(await names('?query=CHECKOUT')).toEqual(['alpha-checkout']);
    expect(await names('?query=one-page')).toEqual(['alpha-checkout']);
    expect(await names('?query=simple:beta')).toEqual(['alpha-checkout', 'beta-search']);
    expect(await names('?query=gamma,zeta')).toEqual(['gamma-old', 'zeta-segment']);
    expect(await names('?query=100%25')).toEqual([]);
  });

  it('filters by project, type, state, creator and dates with Unleash operators', async () => {
    expect(await names('?project=IS:web')).toEqual(['beta-search', 'zeta-segment']);
    expect(await names('?project=IS_NONE_OF:web')).toEqual(['gamma-old', 'alpha-checkout', 'epsilon-child']);
    expect(await names('?type=IS_ANY_OF:experiment,operational')).toEqual(['gamma-old', 'beta-search']);
    expect(await names('?state=IS:stale')).toEqual(['beta-search']);
    expect(await names('?state=IS:potentially-stale')).toEqual(['gamma-old']);
    expect(await names('?state=IS_NOT:stale,potentially-stale')).toEqual([
      'alpha-checkout',
      'epsilon-child',
      'zeta-segment',
    ]);
    expect(await names(`?createdBy=IS:${editorId}`)).toEqual(['alpha-checkout']);
    expect(await names(`?createdBy=IS_NOT:${editorId}`)).toHaveLength(4);
    expect(await names(`?createdAt=IS_BEFORE:${day(daysAgo(200))}`)).toEqual(['gamma-old']);
    expect(await names(`?lastSeenAt=IS_ON_OR_AFTER:${day(daysAgo(3))}`)).toEqual(['gamma-old']);
  });

  it('filters by tags and segments with the set operators', async () => {
    expect(await names('?tag=INCLUDE:simple:beta')).toEqual(['alpha-checkout', 'beta-search']);
    expect(await names('?tag=INCLUDE_ALL_OF:simple:beta,team:payments')).toEqual(['alpha-checkout']);
    expect(await names('?tag=DO_NOT_INCLUDE:simple:beta')).toEqual([
      'gamma-old',
      'epsilon-child',
      'zeta-segment',
    ]);
    expect(await names('?tag=EXCLUDE_ALL:simple:beta,team:payments')).toHaveLength(4);
    expect(await names('?segment=INCLUDE:vip')).toEqual(['zeta-segment']);
  });

  it('filters by environment status and lists archived flags on request', async () => {
    expect(await names('?status=development:enabled')).toEqual(['alpha-checkout']);
    expect(await names('?status=development:enabled&status=production:disabled')).toHaveLength(5);
    const archived = await search('?archived=IS:true');
    expect(archived.features.map((flag) => flag.name)).toEqual(['delta-archived']);
    expect(archived.features[0]!.archivedAt).toEqual(expect.any(String));
  });

  it('sorts by name, type, environment state and last use, and pages with the total of all matches', async () => {
    expect((await names('?sortBy=name&sortOrder=desc'))[0]).toBe('zeta-segment');
    expect((await names('?sortBy=type'))[0]).toBe('beta-search');
    expect((await names('?sortBy=environment:development&sortOrder=desc'))[0]).toBe('alpha-checkout');
    expect((await names('?sortBy=lastSeenAt&sortOrder=desc'))[0]).toBe('gamma-old');
    const page = await search('?limit=2&offset=1');
    expect(page.features.map((flag) => flag.name)).toEqual(['alpha-checkout', 'beta-search']);
    expect(page.total).toBe(5);
  });

  it('puts the signed-in user’s favorites first, and lets Viewers search', async () => {
    const editor = await t.as('Editor');
    const response = await editor({ method: 'GET', url: '/api/admin/search/features?favoritesFirst=true' });
    expect(response.json().features[0]).toMatchObject({ name: 'zeta-segment', favorite: true });
    const viewer = await t.as('Viewer');
    const viewed = await viewer({ method: 'GET', url: '/api/admin/search/features?favoritesFirst=true' });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().features[0]).toMatchObject({ name: 'gamma-old', favorite: false });
  });

  it('answers 401 without credentials', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/search/features' });
    expect(response.statusCode).toBe(401);
    expect(response.json().name).toBe('AuthenticationRequired');
  });

  it.each([
    ['?project=LIKE:web', '/querystring/project'],
    ['?sortOrder=sideways', '/querystring/sortOrder'],
    ['?state=IS:enabled', '/querystring/state'],
    ['?archived=yes', '/querystring/archived'],
    ['?tag=INCLUDE:beta', '/querystring/tag'],
    ['?createdAt=IS_BEFORE:yesterday', '/querystring/createdAt'],
  ])('rejects %s with a 400 naming the parameter', async (query, path) => {
    const response = await t.admin({ method: 'GET', url: `/api/admin/search/features${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().name).toBe('BadDataError');
    expect(response.json().details[0].path).toBe(path);
  });

  it('runs two statements per search whatever the page size, one for a text search with results', async () => {
    let statements = 0;
    const counting: Db = {
      ...t.db,
      query: <T>(sql: string, params?: unknown[]) => {
        statements += 1;
        return t.db.query<T>(sql, params);
      },
    };
    const readModel = createSearchReadModel(counting);
    const searched = async (params: Record<string, string>) => {
      statements = 0;
      const { flags, total } = await readModel.search(parseSearch(params, editorId));
      return { names: flags.map((flag) => flag.name), total, statements };
    };
    expect(await searched({ limit: '100' })).toMatchObject({ total: 5, statements: 2 });
    expect((await searched({ limit: '100' })).names).toHaveLength(5);
    // The page and its total from one scan; past the last match, the total from a count.
    expect(await searched({ query: 'a', limit: '1' })).toMatchObject({ total: 4, statements: 1 });
    expect(await searched({ query: 'a', limit: '1', offset: '10' })).toMatchObject({
      names: [],
      total: 4,
      statements: 2,
    });
    expect(await searched({ query: 'no-such-flag' })).toMatchObject({ names: [], total: 0, statements: 1 });
  });
});
