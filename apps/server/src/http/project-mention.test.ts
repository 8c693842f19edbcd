import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant, type Person, signedIn } from '../testing/people.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { mentionFlag, mentionProject, spellOutMentions, spellOutMentionsIn } from './project-mention.ts';

// Messages name a project only to whom it is visible: a member of `open` learns nothing of the private `hush`, an
// admin reads its name.
let t: TestApp;
let mia: Person;
let segment = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const payload of [
    { id: 'open', name: 'Open' },
    { id: 'hush', name: 'Hush', mode: 'private' },
  ]) {
    const created = await t.admin({ method: 'POST', url: '/api/admin/projects', payload });
    expect(created.statusCode, created.body).toBeLessThan(300);
  }
  for (const [project, name] of [
    ['hush', 'secret-flag'],
    ['open', 'open-flag'],
  ]) {
    const created = await t.admin({
      method: 'POST',
      url: `/api/admin/projects/${project}/features`,
      payload: { name },
    });
    expect(created.statusCode, created.body).toBe(201);
  }
  const created = await t.admin({
    method: 'POST',
    url: '/api/admin/segments',
    payload: { name: 'quiet-segment', project: 'hush', constraints: [] },
  });
  segment = created.json().id;
  mia = await signedIn(t, 'mia', 3);
  await grant(t, 'open', [mia.id], [4]);
  const config = await t.admin({
    method: 'PUT',
    url: '/api/admin/projects/open/environments/production/change-requests/config',
    payload: { changeRequestsEnabled: true, requiredApprovals: 1 },
  });
  expect(config.statusCode).toBe(200);
}, 300_000);
afterAll(() => t.close());

/** The same request as mia (no member of hush) and as the admin token. */
async function bothWays(options: InjectOptions) {
  return { member: await mia.send(options), admin: await t.admin(options) };
}

describe('a project named in a message', () => {
  it('is hidden from a non-member when an import meets a flag of a private project', async () => {
    const { member, admin } = await bothWays({
      method: 'POST',
      url: '/api/admin/features-batch/validate',
      payload: {
        project: 'open',
        environment: 'development',
        data: { features: [{ name: 'secret-flag' }], featureStrategies: [] },
      },
    });
    expect(member.statusCode, member.body).toBe(200);
    const items = (response: typeof member) =>
      response
        .json()
        .errors.find((error: { message: string }) => error.message.startsWith('These flags already exist'))
        .affectedItems;
    expect(items(member)).toEqual(['secret-flag (in another project)']);
    expect(items(admin)).toEqual(['secret-flag (in project "hush")']);
  });

  it('is hidden when a change request names a flag of a private project', async () => {
    const { member, admin } = await bothWays({
      method: 'POST',
      url: '/api/admin/projects/open/environments/production/change-requests',
      payload: { feature: 'secret-flag', action: 'updateEnabled', payload: { enabled: true } },
    });
    expect(member.statusCode, member.body).toBe(404);
    expect(member.body).not.toContain('hush');
    expect(member.json().message).toContain('another project');
    expect(admin.statusCode).toBe(404);
    expect(admin.json().message).toContain('project "hush"');
  });

  it('is hidden when a strategy uses a segment of a private project', async () => {
    const { member, admin } = await bothWays({
      method: 'POST',
      url: '/api/admin/projects/open/features/open-flag/environments/development/strategies',
      payload: { name: 'default', segments: [segment] },
    });
    expect(member.statusCode, member.body).toBe(400);
    expect(member.body).not.toContain('hush');
    expect(admin.statusCode).toBe(400);
    expect(admin.body).toContain('project \\"hush\\"');
  });

  it('is hidden when a path puts a flag of a private project in another project', async () => {
    const { member, admin } = await bothWays({
      method: 'POST',
      url: '/api/admin/projects/open/features/secret-flag/environments/development/strategies',
      payload: { name: 'default' },
    });
    expect(member.statusCode, member.body).toBeGreaterThanOrEqual(400);
    expect(member.body).not.toContain('hush');
    expect(admin.body).toContain('project \\"hush\\"');
  });
});

describe('a flag named in a message', () => {
  it('is hidden from an editor outside its private project when a segment it uses cannot be deleted', async () => {
    const created = await t.admin({
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: 'shared-segment', constraints: [] },
    });
    const id = created.json().id as number;
    const used = await t.admin({
      method: 'POST',
      url: '/api/admin/projects/hush/features/secret-flag/environments/development/strategies',
      payload: { name: 'default', segments: [id] },
    });
    expect(used.statusCode, used.body).toBe(200);
    const editor = await signedIn(t, 'eddie', 2);
    const refused = await editor.send({ method: 'DELETE', url: `/api/admin/segments/${id}` });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.body).not.toContain('secret-flag');
    expect(refused.json().message).toContain('a flag in another project');
    const admin = await t.admin({ method: 'DELETE', url: `/api/admin/segments/${id}` });
    expect(admin.statusCode).toBe(409);
    expect(admin.json().message).toContain('"secret-flag"');
  });
});

describe('a project named where every project may be seen', () => {
  it('is written out in full in text and inside values, other values kept as they are', () => {
    const at = new Date('2026-12-01T10:00:00Z');
    const reason = `Flag "f" moved to ${mentionProject('hush')}`;
    expect(spellOutMentions(reason)).toBe('Flag "f" moved to project "hush"');
    const event = { type: 'x', createdAt: at, data: { reasons: [reason, 'plain'], count: 2 }, preData: null };
    const out = spellOutMentionsIn(event);
    expect(out).toEqual({
      type: 'x',
      createdAt: at,
      data: { reasons: ['Flag "f" moved to project "hush"', 'plain'], count: 2 },
      preData: null,
    });
    expect(out.createdAt).toBeInstanceOf(Date);
    expect(JSON.stringify(out)).not.toMatch(/[\uE000\uE001]/);
    expect(spellOutMentions(`used by ${mentionFlag('hush', 'secret-flag')}`)).toBe('used by "secret-flag"');
  });
});
