import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag, buildProject } from '../../../testing/flag-builder.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  t = await createTestApp();
  await buildProject(t.db, 'shop');
});
afterAll(() => t.close());

const upload = (project: string, payload: object) =>
  t.admin({ method: 'PUT', url: `/api/admin/projects/${project}/code-references`, payload });
const referencesOf = async (flag: string, project = 'shop') => {
  const response = await t.admin({ url: `/api/admin/projects/${project}/features/${flag}/code-references` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().references as Record<string, unknown>[];
};

describe('PUT /api/admin/projects/{projectId}/code-references (uploadCodeReferences)', () => {
  it("replaces one branch's references, keeps other branches', and names what is no flag of the project", async () => {
    await buildFlag(t.db, { name: 'cr-checkout', project: 'shop' });
    await buildFlag(t.db, { name: 'cr-elsewhere', project: 'default' });
    const first = await upload('shop', {
      repository: 'acme/shop',
      branch: 'main',
      repositoryUrl: 'https://github.com/acme/shop',
      commit: 'abc1234',
      references: [
        { flag: 'cr-checkout', file: 'src/a b.ts', line: 3, column: 20, method: 'isEnabled' },
        { flag: 'cr-checkout', file: 'src/b.go', line: 9 },
        { flag: 'cr-elsewhere', file: 'src/c.ts', line: 1 },
        { flag: 'cr-typo', file: 'src/c.ts', line: 2 },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ stored: 2, unknownFlags: ['cr-elsewhere', 'cr-typo'] });
    await upload('shop', {
      repository: 'acme/shop',
      branch: 'feature-x',
      references: [{ flag: 'cr-checkout', file: 'src/new.ts', line: 5 }],
    });

    expect(await referencesOf('cr-checkout')).toEqual([
      expect.objectContaining({ branch: 'feature-x', file: 'src/new.ts', url: null, commit: null }),
      expect.objectContaining({
        branch: 'main',
        file: 'src/a b.ts',
        line: 3,
        column: 20,
        method: 'isEnabled',
        url: 'https://github.com/acme/shop/blob/abc1234/src/a%20b.ts#L3',
      }),
      expect.objectContaining({ branch: 'main', file: 'src/b.go', line: 9, column: null, method: null }),
    ]);

    // A new scan of main replaces main's references only.
    const again = await upload('shop', {
      repository: 'acme/shop',
      branch: 'main',
      commit: 'def5678',
      references: [{ flag: 'cr-checkout', file: 'src/moved.ts', line: 1 }],
    });
    expect(again.json()).toEqual({ stored: 1, unknownFlags: [] });
    expect((await referencesOf('cr-checkout')).map((r) => `${r.branch}:${r.file}`)).toEqual([
      'feature-x:src/new.ts',
      'main:src/moved.ts',
    ]);
    const [event] = await t.db.query<{ data: Record<string, unknown>; project: string }>(
      "SELECT data, project FROM events WHERE type = 'code-references-updated' ORDER BY id DESC LIMIT 1",
    );
    expect(event).toEqual({
      project: 'shop',
      data: { repository: 'acme/shop', branch: 'main', commit: 'def5678', references: 1, flags: 1 },
    });
  });

  it('answers 400 naming the field, 404 for a missing project, 403 for a Viewer', async () => {
    const bad = await upload('shop', {
      repository: 'acme/shop',
      branch: 'main',
      references: [{ flag: 'x', file: 'a.ts', line: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('line');
    const missing = await upload('nope', { repository: 'r', branch: 'b', references: [] });
    expect(missing.statusCode).toBe(404);
    const viewer = await t.as('Viewer');
    const refused = await viewer({
      method: 'PUT',
      url: '/api/admin/projects/shop/code-references',
      payload: { repository: 'r', branch: 'b', references: [] },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('answers 404 for a flag of another project', async () => {
    await buildFlag(t.db, { name: 'cr-other', project: 'default' });
    const response = await t.admin({ url: '/api/admin/projects/shop/features/cr-other/code-references' });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/admin/projects/{projectId}/safe-to-archive (getSafeToArchive)', () => {
  it('lists done flags that no SDK used for N days and no code names', async () => {
    await buildProject(t.db, 'tidy');
    const old = daysAgo(100); // a release flag's expected lifetime is 40 days
    await buildFlag(t.db, { name: 'sa-potentially-stale', project: 'tidy', createdAt: old });
    await buildFlag(t.db, { name: 'sa-stale', project: 'tidy', stale: true });
    await buildFlag(t.db, { name: 'sa-completed', project: 'tidy' });
    await t.db.query("INSERT INTO flag_completions (flag_name, status) VALUES ('sa-completed', 'kept')");
    await buildFlag(t.db, { name: 'sa-young', project: 'tidy' });
    await buildFlag(t.db, {
      name: 'sa-seen-lately',
      project: 'tidy',
      createdAt: old,
      lastSeenAt: daysAgo(2),
    });
    await buildFlag(t.db, {
      name: 'sa-seen-long-ago',
      project: 'tidy',
      createdAt: old,
      lastSeenAt: daysAgo(60),
    });
    await buildFlag(t.db, { name: 'sa-metrics', project: 'tidy', stale: true });
    await t.db.query(
      `INSERT INTO client_metrics (flag_name, app_name, environment, hour, yes, no)
       VALUES ('sa-metrics', 'web', 'development', date_trunc('hour', now() - interval '3 days'), 5, 0)`,
    );
    await buildFlag(t.db, { name: 'sa-referenced', project: 'tidy', stale: true });
    await upload('tidy', {
      repository: 'acme/tidy',
      branch: 'main',
      references: [{ flag: 'sa-referenced', file: 'a.py', line: 1 }],
    });
    await buildFlag(t.db, { name: 'sa-archived', project: 'tidy', stale: true, archived: true });

    const response = await t.admin({ url: '/api/admin/projects/tidy/safe-to-archive' });
    expect(response.statusCode, response.body).toBe(200);
    const listed = (body: { features: { name: string; reason: string }[] }) =>
      body.features.map((f) => `${f.name}:${f.reason}`).sort();
    expect(response.json().unusedDays).toBe(30);
    expect(listed(response.json())).toEqual([
      'sa-completed:completed',
      'sa-potentially-stale:potentially-stale',
      'sa-seen-long-ago:potentially-stale',
      'sa-stale:stale',
    ]);

    // Over 90 days, a flag last seen 60 days ago was used within the window.
    const longer = await t.admin({ url: '/api/admin/projects/tidy/safe-to-archive?unusedDays=90' });
    expect(listed(longer.json())).not.toContain('sa-seen-long-ago:potentially-stale');
    // Clearing the branch's references makes the referenced flag a candidate.
    await upload('tidy', { repository: 'acme/tidy', branch: 'main', references: [] });
    const cleared = await t.admin({ url: '/api/admin/projects/tidy/safe-to-archive' });
    expect(listed(cleared.json())).toContain('sa-referenced:stale');

    const bad = await t.admin({ url: '/api/admin/projects/tidy/safe-to-archive?unusedDays=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('unusedDays');
  });
});
