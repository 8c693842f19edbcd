import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { BANNER_VARIANTS } from './banner.ts';
import { BannerResponse } from './banner-schemas.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const snapshot = async () => ({
  banners: await t.db.query('SELECT * FROM banners ORDER BY id'),
  events: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0]!.n,
});

const lastEvent = async () =>
  (
    await t.db.query<{ type: string; data: unknown; pre_data: unknown; created_by: string }>(
      'SELECT * FROM events ORDER BY id DESC LIMIT 1',
    )
  )[0]!;

async function createBanner(body: Record<string, unknown>) {
  const response = await t.admin({ method: 'POST', url: '/api/admin/banners', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('banners', () => {
  it('creates a banner with the defaults, answers where it lives and records banner-created', async () => {
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/banners',
      payload: { message: 'Maintenance on Sunday' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const banner = response.json();
    expect(response.headers.location).toBe(`banners/${banner.id}`);
    expect(banner).toEqual({
      id: expect.any(Number),
      message: 'Maintenance on Sunday',
      enabled: true,
      variant: 'info',
      sticky: false,
      icon: null,
      link: null,
      linkText: null,
      dialogTitle: null,
      dialog: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const event = await lastEvent();
    expect(event.type).toBe('banner-created');
    expect(event.data).toMatchObject({ id: banner.id, message: 'Maintenance on Sunday' });
  });

  it('lets every signed-in user list banners, oldest first, enabled or not', async () => {
    const first = await createBanner({ message: 'First', variant: 'success' });
    const second = await createBanner({ message: 'Second', enabled: false, sticky: true });
    const viewer = await t.as('Viewer');
    const response = await viewer({ method: 'GET', url: '/api/admin/banners' });
    expect(response.statusCode).toBe(200);
    const listed = response.json().banners as { id: number; enabled: boolean }[];
    const ids = listed.map((banner) => banner.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(listed.find((banner) => banner.id === second.id)).toMatchObject({ enabled: false, sticky: true });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/banners' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps a dialog banner with its title and text', async () => {
    const banner = await createBanner({
      message: 'Release freeze this weekend',
      variant: 'warning',
      link: 'dialog',
      linkText: 'Why?',
      dialogTitle: 'Release freeze',
      dialog: 'No production changes.\n\nAsk #platform for an exception.',
    });
    const listed = (await t.admin({ method: 'GET', url: '/api/admin/banners' })).json().banners;
    expect(listed.find((b: { id: number }) => b.id === banner.id)).toEqual(banner);
  });

  it('refuses bad input with a 400 that names the field, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{}, '/body/message'],
      [{ message: '   ' }, '/body/message'],
      [{ message: 'x'.repeat(1001) }, '/body/message'],
      [{ message: 'Hi', variant: 'purple' }, '/body/variant'],
      [{ message: 'Hi', link: 'javascript:alert(1)' }, '/body/link'],
      [{ message: 'Hi', link: 'dialog' }, '/body/dialog'],
      [{ message: 'Hi', link: 'dialog', dialog: '  ' }, '/body/dialog'],
      [{ message: 'Hi', sticky: 'yes' }, '/body/sticky'],
    ];
    for (const [payload, path] of cases) {
      const response = await t.admin({ method: 'POST', url: '/api/admin/banners', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().name).toBe('BadDataError');
      expect(
        response.json().details.map((d: { path: string }) => d.path),
        JSON.stringify(payload),
      ).toContain(path);
    }
    const unknown = await t.admin({
      method: 'POST',
      url: '/api/admin/banners',
      payload: { message: 'Hi', colour: 'red' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].message).toContain('colour');
    expect(await snapshot()).toEqual(before);
  });

  it('allows only admins to write banners', async () => {
    const banner = await createBanner({ message: 'Admins only' });
    const before = await snapshot();
    for (const role of ['Viewer', 'Editor'] as const) {
      const as = await t.as(role);
      const attempts = [
        await as({ method: 'POST', url: '/api/admin/banners', payload: { message: 'Mine' } }),
        await as({ method: 'PUT', url: `/api/admin/banners/${banner.id}`, payload: { message: 'Mine' } }),
        await as({ method: 'POST', url: `/api/admin/banners/${banner.id}/off` }),
        await as({ method: 'DELETE', url: `/api/admin/banners/${banner.id}` }),
      ];
      expect(attempts.map((response) => response.statusCode)).toEqual([403, 403, 403, 403]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('updates only the given properties, clears those sent as null, and records both versions', async () => {
    const banner = await createBanner({
      message: 'Old',
      variant: 'error',
      link: 'https://status.example.com',
    });
    const response = await t.admin({
      method: 'PUT',
      url: `/api/admin/banners/${banner.id}`,
      payload: { message: 'New', link: null, sticky: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...banner, message: 'New', link: null, sticky: true });
    const event = await lastEvent();
    expect(event.type).toBe('banner-updated');
    expect(event.pre_data).toMatchObject({ message: 'Old', link: 'https://status.example.com' });
    expect(event.data).toMatchObject({ message: 'New', link: null, variant: 'error' });
  });

  it('refuses an update that would leave a dialog link without text, and keeps the banner', async () => {
    const banner = await createBanner({ message: 'Read this', link: 'dialog', dialog: 'Details' });
    const before = await snapshot();
    const response = await t.admin({
      method: 'PUT',
      url: `/api/admin/banners/${banner.id}`,
      payload: { dialog: null },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('/body/dialog');
    expect(await snapshot()).toEqual(before);
  });

  it('enables and disables a banner', async () => {
    const banner = await createBanner({ message: 'Toggle me' });
    const off = await t.admin({ method: 'POST', url: `/api/admin/banners/${banner.id}/off` });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ...banner, enabled: false });
    expect((await lastEvent()).pre_data).toMatchObject({ enabled: true });
    const on = await t.admin({ method: 'POST', url: `/api/admin/banners/${banner.id}/on` });
    expect(on.json().enabled).toBe(true);
    const [row] = await t.db.query<{ enabled: boolean }>('SELECT enabled FROM banners WHERE id = $1', [
      banner.id,
    ]);
    expect(row!.enabled).toBe(true);
  });

  it('deletes a banner for good and records what it was', async () => {
    const banner = await createBanner({ message: 'Short-lived' });
    const response = await t.admin({ method: 'DELETE', url: `/api/admin/banners/${banner.id}` });
    expect(response.statusCode).toBe(200);
    const event = await lastEvent();
    expect(event.type).toBe('banner-deleted');
    expect(event.pre_data).toMatchObject({ id: banner.id, message: 'Short-lived' });
    const again = await t.admin({ method: 'DELETE', url: `/api/admin/banners/${banner.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for a banner that does not exist and 400 for an id that is not one', async () => {
    const before = await snapshot();
    const missing = [
      await t.admin({ method: 'PUT', url: '/api/admin/banners/999999', payload: { message: 'x' } }),
      await t.admin({ method: 'POST', url: '/api/admin/banners/999999/on' }),
      await t.admin({ method: 'DELETE', url: '/api/admin/banners/999999' }),
    ];
    expect(missing.map((response) => [response.statusCode, response.json().name])).toEqual([
      [404, 'NotFoundError'],
      [404, 'NotFoundError'],
      [404, 'NotFoundError'],
    ]);
    const notAnId = await t.admin({ method: 'POST', url: '/api/admin/banners/first/on' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().details[0].path).toBe('/params/id');
    expect(await snapshot()).toEqual(before);
  });

  it('documents exactly the variants the domain knows', () => {
    const variant = BannerResponse.properties.variant as { anyOf: { const: string }[] };
    expect(variant.anyOf.map((literal) => literal.const)).toEqual([...BANNER_VARIANTS]);
  });
});
