import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { buildProject } from '../../../testing/flag-builder.ts';

/** The search's answers over a store of this size; how fast it answers is `npm run bench`'s (admin: search). */
const FLAGS = 10_000;

let t: TestApp;
let editor: Awaited<ReturnType<TestApp['as']>>;

/** 10,000 flags over two projects, each with both environments, a strategy per environment and a tag; some stale, some seen, some parents, children or favorites. */
async function seed(): Promise<void> {
  await buildProject(t.db, 'perf');
  await t.db.exec(`
    INSERT INTO flags (name, project_id, type, description, stale, created_at, last_seen_at)
    SELECT 'flag-' || lpad(i::text, 5, '0'),
           CASE WHEN i % 4 = 0 THEN 'perf' ELSE 'default' END,
           (ARRAY['release', 'experiment', 'operational', 'kill-switch', 'permission'])[1 + i % 5],
           'Generated flag number ' || i,
           i % 13 = 0,
           now() - make_interval(mins => i),
           CASE WHEN i % 3 = 0 THEN now() - make_interval(hours => i % 100) END
      FROM generate_series(1, ${FLAGS}) AS i;
    INSERT INTO flag_environments (flag_name, environment_name, enabled)
    SELECT f.name, pe.environment_name, (length(f.name) + ascii(right(f.name, 1)) + length(pe.environment_name)) % 2 = 0
      FROM flags f JOIN project_environments pe ON pe.project_id = f.project_id;
    INSERT INTO flag_strategies (id, flag_name, environment_name, strategy_name)
    SELECT 'strategy-' || flag_name || '-' || environment_name, flag_name, environment_name, 'flexibleRollout'
      FROM flag_environments;
    INSERT INTO tags (type, value) SELECT 'simple', 'team-' || i FROM generate_series(0, 19) AS i;
    INSERT INTO flag_tags (flag_name, tag_type, tag_value)
    SELECT name, 'simple', 'team-' || (substr(name, 6)::int % 20) FROM flags;
    INSERT INTO flag_dependencies (parent, child)
    SELECT 'flag-' || lpad(i::text, 5, '0'), 'flag-' || lpad((i + 4)::text, 5, '0')
      FROM generate_series(4, ${FLAGS} - 4, 100) AS i;
    UPDATE flags SET archived_at = now() WHERE substr(name, 6)::int % 500 = 1;
  `);
  editor = await t.as('Editor');
  await t.db.query(
    `INSERT INTO favorite_flags (flag_name, user_id)
     SELECT 'flag-' || lpad((i * 97)::text, 5, '0'), (SELECT id FROM users WHERE username = 'test-editor')
       FROM generate_series(1, 50) AS i`,
  );
  await t.db.exec('ANALYZE');
}

beforeAll(async () => {
  t = await createTestApp();
  await seed();
}, 120_000);
afterAll(() => t.close());

const count = async (where: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM flags f WHERE ${where}`))[0]!.n;

/** One search through the whole HTTP stack. */
async function search(url: string, as: 'admin' | 'editor' = 'admin') {
  const response = await (as === 'admin' ? t.admin({ method: 'GET', url }) : editor({ method: 'GET', url }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { features: { name: string; favorite: boolean }[]; total: number };
}

describe(`search over ${FLAGS.toLocaleString('en')} flags`, () => {
  it('answers every kind of page with the right total and one page of flags', async () => {
    const active = await count('archived_at IS NULL');
    const cases: { label: string; url: string; total: number; as?: 'editor' }[] = [
      { label: 'first page, default order', url: '', total: active },
      { label: 'last page (offset 9,900)', url: '?offset=9900&limit=100', total: active },
      { label: 'sorted by name, descending', url: '?sortBy=name&sortOrder=desc', total: active },
      { label: 'sorted by last seen', url: '?sortBy=lastSeenAt&sortOrder=desc', total: active },
      {
        label: 'sorted by production state',
        url: '?sortBy=environment:production&sortOrder=desc',
        total: active,
      },
      {
        label: 'text search',
        url: '?query=flag-0999',
        total: await count("archived_at IS NULL AND name LIKE '%flag-0999%'"),
      },
      {
        label: 'tag filter',
        url: '?tag=INCLUDE:simple:team-7',
        total: await count(
          "archived_at IS NULL AND name IN (SELECT flag_name FROM flag_tags WHERE tag_value = 'team-7')",
        ),
      },
      {
        label: 'type and state filters',
        url: '?type=IS:release&state=IS:stale',
        total: await count("archived_at IS NULL AND type = 'release' AND stale"),
      },
      {
        label: 'project and environment status',
        url: '?project=IS:perf&status=production:enabled',
        total: await count(
          `archived_at IS NULL AND project_id = 'perf' AND EXISTS (SELECT 1 FROM flag_environments fe
             WHERE fe.flag_name = f.name AND fe.environment_name = 'production' AND fe.enabled)`,
        ),
      },
      { label: 'favorites first', url: '?favoritesFirst=true', total: active, as: 'editor' },
      { label: 'archived flags', url: '?archived=IS:true', total: await count('archived_at IS NOT NULL') },
    ];
    for (const c of cases) {
      const body = await search(`/api/admin/search/features${c.url}`, c.as);
      expect(body.total, c.label).toBe(c.total);
      const paging = new URLSearchParams(c.url);
      const offset = Number(paging.get('offset') ?? 0);
      const limit = Number(paging.get('limit') ?? 50);
      expect(body.features.length, c.label).toBe(Math.max(0, Math.min(limit, c.total - offset)));
      if (c.as === 'editor') expect(body.features[0]!.favorite).toBe(true);
    }
  });
});
