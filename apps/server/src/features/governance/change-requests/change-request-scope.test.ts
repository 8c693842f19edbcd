import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant, type Person, projectRole, signedIn } from '../../../testing/people.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { applyChanges } from './change-request-apply.ts';
import { createChangeRequestStore } from './change-request-store.ts';

// A change request belongs to one project: what it carries stays inside that project, and only people who work there
// draft it (decision record 0026).
let t: TestApp;
/** Editor (root segment permissions), Member of pa. */
let eve: Person;
/** Viewer, Owner of pa (its segment permission, no root one). */
let olga: Person;
/** Viewer, approves and applies in pa's production. */
let rex: Person;
/** Editor, member of nothing. */
let ned: Person;
const segments: Record<'priv' | 'pa' | 'global', number> = { priv: 0, pa: 0, global: 0 };

const draft = (who: Person, changes: object, project = 'pa') =>
  who.send({
    method: 'POST',
    url: `/api/admin/projects/${project}/environments/production/change-requests`,
    payload: changes,
  });
const updateSegment = (id: number, body: Record<string, unknown> = {}) => ({
  action: 'updateSegment',
  payload: { id, name: `renamed-${id}`, constraints: [], ...body },
});
const segmentRow = async (id: number) =>
  (
    await t.db.query<{ name: string; project_id: string | null }>(
      'SELECT name, project_id FROM segments WHERE id = $1',
      [id],
    )
  )[0];
const draftsOf = async (who: Person) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM change_requests WHERE created_by_user_id = $1',
      [who.id],
    )
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  for (const payload of [
    { id: 'pa', name: 'Project A' },
    { id: 'priv', name: 'Private', mode: 'private' },
  ]) {
    const created = await t.admin({ method: 'POST', url: '/api/admin/projects', payload });
    expect(created.statusCode, created.body).toBeLessThan(300);
  }
  for (const [key, project] of [
    ['priv', 'priv'],
    ['pa', 'pa'],
    ['global', undefined],
  ] as const) {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: `${key}-segment`, constraints: [], ...(project && { project }) },
    });
    expect(created.statusCode, created.body).toBe(201);
    segments[key] = created.json().id;
  }
  const reviewer = await projectRole(t, 'pa reviewer', [
    { name: 'APPROVE_CHANGE_REQUEST', environment: 'production' },
    { name: 'APPLY_CHANGE_REQUEST', environment: 'production' },
  ]);
  eve = await signedIn(t, 'eve', 2);
  olga = await signedIn(t, 'olga', 3);
  rex = await signedIn(t, 'rex', 3);
  ned = await signedIn(t, 'ned', 2);
  await grant(t, 'pa', [eve.id], [5]);
  await grant(t, 'pa', [olga.id], [4]);
  await grant(t, 'pa', [rex.id], [reviewer]);
  const config = await t.admin({
    method: 'PUT',
    url: '/api/admin/projects/pa/environments/production/change-requests/config',
    payload: { changeRequestsEnabled: true, requiredApprovals: 1 },
  });
  expect(config.statusCode).toBe(200);
}, 300_000);
afterAll(() => t.close());

describe('what a change request carries', () => {
  it('never reaches a segment of another project, and says nothing of it', async () => {
    const before = await segmentRow(segments.priv);
    for (const change of [
      updateSegment(segments.priv),
      updateSegment(segments.priv, { project: 'pa' }),
      { action: 'deleteSegment', payload: { id: segments.priv } },
    ]) {
      const response = await draft(eve, change);
      expect({ change, status: response.statusCode }).toEqual({ change, status: 404 });
      expect(response.body).not.toContain('priv');
    }
    expect(await segmentRow(segments.priv)).toEqual(before);
    expect(await draftsOf(eve)).toBe(0);
  });

  it("never moves a segment of the request's project to another project", async () => {
    const response = await draft(eve, updateSegment(segments.pa, { project: 'priv' }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details[0].path).toBe('/body/payload/project');
    expect(response.body).not.toContain('priv');
    expect(await draftsOf(eve)).toBe(0);
  });

  it("takes the project's own segment permission for its segments, and the root one for global segments", async () => {
    const own = await draft(olga, updateSegment(segments.pa, { project: 'pa' }));
    expect(own.statusCode, own.body).toBe(200);
    for (const change of [updateSegment(segments.global), updateSegment(segments.pa)]) {
      const response = await draft(olga, change);
      expect({ change, status: response.statusCode }).toEqual({ change, status: 403 });
    }
    const root = await draft(eve, updateSegment(segments.global));
    expect(root.statusCode, root.body).toBe(200);
  });
});

describe('who drafts in a project', () => {
  it('is a member: an Editor outside the project drafts nothing there, and a private project does not exist', async () => {
    const outside = await draft(ned, updateSegment(segments.global));
    expect(outside.statusCode, outside.body).toBe(403);
    const hidden = await draft(ned, updateSegment(segments.priv), 'priv');
    expect(hidden.statusCode, hidden.body).toBe(404);
    expect(await draftsOf(ned)).toBe(0);
  });
});

describe('applying', () => {
  it('refuses a change outside the project that a request holds from before this rule', async () => {
    const drafted = await draft(eve, updateSegment(segments.pa, { project: 'pa', name: 'pa-renamed' }));
    expect(drafted.statusCode, drafted.body).toBe(200);
    const id = drafted.json().id;
    // Stored as an older server stored it: no check, no snapshot.
    await createChangeRequestStore(t.db).addChange(
      id,
      {
        flagName: null,
        segmentId: segments.priv,
        action: 'updateSegment',
        payload: { id: segments.priv, name: 'stolen', constraints: [] },
        snapshot: null,
      },
      { name: 'eve', userId: eve.id },
    );
    const before = await segmentRow(segments.priv);
    const state = (who: Person, body: object) =>
      who.send({ method: 'PUT', url: `/api/admin/projects/pa/change-requests/${id}/state`, payload: body });
    expect((await state(eve, { state: 'In review' })).statusCode).toBe(200);
    // Its result cannot be computed (the change is refused), so there is nothing to approve (decision record 0029).
    const approval = await state(rex, { state: 'Approved' });
    expect(approval.statusCode, approval.body).toBe(409);
    expect(approval.body).not.toContain('priv');
    const shown = await rex.send({ method: 'GET', url: `/api/admin/projects/pa/change-requests/${id}` });
    const outside = shown
      .json()
      .segments.find((change: { payload: { id: number } }) => change.payload.id === segments.priv);
    expect(outside.conflict).toContain('not in project "pa"');
    // The apply itself refuses too, whoever calls it and whatever it was asked before.
    const request = (await createChangeRequestStore(t.db).get(id))!;
    await expect(
      t.db.transaction((tx) => applyChanges(tx, request, { name: 'rex', userId: rex.id })),
    ).rejects.toThrow(/not in project "pa"/);
    const applied = await state(rex, { state: 'Applied' });
    expect(applied.statusCode, applied.body).toBeGreaterThanOrEqual(400);
    expect(applied.statusCode, applied.body).toBeLessThan(500);
    expect(applied.body).not.toContain('priv');
    expect(await segmentRow(segments.priv)).toEqual(before);
    expect((await segmentRow(segments.pa))!.name).toBe('pa-segment');
  });
});
