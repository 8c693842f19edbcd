import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = '/api/admin/release-plan-templates';

const lastEvent = async () =>
  (
    await t.db.query<{ type: string; data: unknown; pre_data: unknown }>(
      'SELECT type, data, pre_data FROM events ORDER BY id DESC LIMIT 1',
    )
  )[0]!;

const rollout = (percent: number) => ({
  sortOrder: 0,
  name: 'flexibleRollout',
  parameters: { rollout: percent, stickiness: 'default', groupId: 'release' },
});

const gradual = (name: string) => ({
  name,
  description: 'Ten, fifty, everyone',
  milestones: [
    { name: 'Everyone', sortOrder: 2, strategies: [rollout(100)] },
    { name: 'Ten', sortOrder: 0, transitionCondition: { intervalMinutes: 60 }, strategies: [rollout(10)] },
    { name: 'Fifty', sortOrder: 1, transitionCondition: { intervalMinutes: 30 }, strategies: [rollout(50)] },
  ],
});

async function createTemplate(body: Record<string, unknown>) {
  const response = await t.admin({ method: 'POST', url: BASE, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('release templates', () => {
  it('creates a template with ordered milestones and their strategies, and records release-plan-template-created', async () => {
    const template = await createTemplate(gradual('gradual'));
    expect(template).toMatchObject({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      discriminator: 'template',
      name: 'gradual',
      description: 'Ten, fifty, everyone',
      createdByUserId: null,
      archivedAt: null,
    });
    expect(template.milestones.map((m: { name: string }) => m.name)).toEqual(['Ten', 'Fifty', 'Everyone']);
    const [ten] = template.milestones;
    expect(ten).toEqual({
      id: expect.any(String),
      name: 'Ten',
      sortOrder: 0,
      releasePlanDefinitionId: template.id,
      transitionCondition: { intervalMinutes: 60 },
      strategies: [
        {
          id: expect.any(String),
          milestoneId: ten.id,
          sortOrder: 0,
          title: null,
          strategyName: 'flexibleRollout',
          parameters: { rollout: '10', stickiness: 'default', groupId: 'release' },
          constraints: [],
          variants: [],
          segments: [],
        },
      ],
    });
    expect(template.milestones[2].transitionCondition).toBeNull();
    const event = await lastEvent();
    expect(event.type).toBe('release-plan-template-created');
    expect(event.data).toMatchObject({ id: template.id, name: 'gradual' });

    const read = await t.admin({ url: `${BASE}/${template.id}` });
    expect(read.json()).toEqual(template);
  });

  it('lists templates for every signed-in user and answers 404 for an unknown id', async () => {
    const template = await createTemplate({ name: 'listed' });
    const viewer = await t.as('Viewer');
    const list = await viewer({ url: BASE });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { id: string }) => x.id)).toContain(template.id);
    const missing = await t.admin({ url: `${BASE}/01JUNKNOWN0000000000000000` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/release template/);
  });

  it('updates the name and replaces the milestones, keeping them when left out', async () => {
    const template = await createTemplate(gradual('to-update'));
    const renamed = await t.admin({
      method: 'PUT',
      url: `${BASE}/${template.id}`,
      payload: { id: template.id, name: 'renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().milestones.map((m: { name: string }) => m.name)).toEqual([
      'Ten',
      'Fifty',
      'Everyone',
    ]);

    const replaced = await t.admin({
      method: 'PUT',
      url: `${BASE}/${template.id}`,
      payload: {
        name: 'renamed',
        milestones: [
          {
            name: 'All at once',
            sortOrder: 0,
            strategies: [{ ...rollout(100), name: undefined, strategyName: 'default' }],
          },
        ],
      },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().milestones).toMatchObject([
      { name: 'All at once', strategies: [{ strategyName: 'default' }] },
    ]);
    const event = await lastEvent();
    expect(event.type).toBe('release-plan-template-updated');
    expect(event.pre_data).toMatchObject({ name: 'renamed', milestones: [{}, {}, {}] });
  });

  it('archives a template: gone from the list, still readable, recorded', async () => {
    const template = await createTemplate({ name: 'to-archive' });
    const archived = await t.admin({ method: 'POST', url: `${BASE}/archive/${template.id}` });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().archivedAt).toMatch(/^\d{4}-/);
    expect((await lastEvent()).type).toBe('release-plan-template-archived');
    const list = (await t.admin({ url: BASE })).json();
    expect(list.map((x: { id: string }) => x.id)).not.toContain(template.id);
    expect((await t.admin({ url: `${BASE}/${template.id}` })).statusCode).toBe(200);
  });

  it('deletes a template with its milestones and strategies', async () => {
    const template = await createTemplate(gradual('to-delete'));
    const deleted = await t.admin({ method: 'DELETE', url: `${BASE}/${template.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await lastEvent()).type).toBe('release-plan-template-deleted');
    expect((await t.admin({ url: `${BASE}/${template.id}` })).statusCode).toBe(404);
    const left = await t.db.query('SELECT 1 FROM release_plan_template_milestones WHERE template_id = $1', [
      template.id,
    ]);
    expect(left).toEqual([]);
  });

  it('refuses bad input with a 4xx naming the field, and changes nothing', async () => {
    await createTemplate({ name: 'taken' });
    const before = await t.db.query('SELECT count(*)::int AS n FROM release_plan_templates');
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ name: 'taken' }, 409, /already exists/],
      [{ name: '' }, 400, /name/],
      [
        {
          name: 'x',
          milestones: [
            { name: 'a', sortOrder: 0 },
            { name: 'a', sortOrder: 1 },
          ],
        },
        400,
        /milestones\[1\]/,
      ],
      [
        { name: 'x', milestones: [{ name: 'a', sortOrder: 0, strategies: [{ sortOrder: 0 }] }] },
        400,
        /strategy type/,
      ],
      [
        {
          name: 'x',
          milestones: [{ name: 'a', sortOrder: 0, strategies: [{ sortOrder: 0, name: 'nope' }] }],
        },
        400,
        /nope/,
      ],
      [
        {
          name: 'x',
          milestones: [{ name: 'a', sortOrder: 0, strategies: [{ ...rollout(5), segments: [999999] }] }],
        },
        400,
        /segment/,
      ],
      [
        { name: 'x', milestones: [{ name: 'a', sortOrder: 0, transitionCondition: { intervalMinutes: 0 } }] },
        400,
        /intervalMinutes/,
      ],
    ];
    for (const [payload, status, message] of cases) {
      const response = await t.admin({ method: 'POST', url: BASE, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(JSON.stringify(response.json()), JSON.stringify(payload)).toMatch(message);
    }
    const template = await createTemplate({ name: 'mismatch' });
    const mismatch = await t.admin({
      method: 'PUT',
      url: `${BASE}/${template.id}`,
      payload: { id: 'other', name: 'y' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details[0].path).toBe('/body/id');
    expect(await t.db.query('SELECT count(*)::int AS n FROM release_plan_templates')).toEqual([
      { n: (before[0] as { n: number }).n + 1 },
    ]);
  });

  it('lets only holders of the release template permissions write', async () => {
    const editor = await t.as('Editor');
    expect((await editor({ method: 'POST', url: BASE, payload: { name: 'by-editor' } })).statusCode).toBe(
      403,
    );
    const template = await createTemplate({ name: 'guarded' });
    expect((await editor({ method: 'DELETE', url: `${BASE}/${template.id}` })).statusCode).toBe(403);
    expect((await editor({ method: 'POST', url: `${BASE}/archive/${template.id}` })).statusCode).toBe(403);
  });
});
