// @vitest-environment node
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminSession, stopAfterFirstFailure, type AdminSession } from './admin-session.ts';
import { browserMissing } from './browser.ts';

const missing = browserMissing();

/**
 * BASE_URI_PATH end to end: the admin UI behind a prefix loads its files, routes and API calls under it, signs in
 * and opens a flag; nothing the browser asks for leaves the prefix.
 */
describe.skipIf(missing)('the admin UI under BASE_URI_PATH', { timeout: 60_000 }, () => {
  let session: AdminSession;
  let page: Page;
  const asked: string[] = [];

  beforeAll(async () => {
    session = await openAdminSession(undefined, { BASE_URI_PATH: '/unleash' });
    page = session.page;
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await session.api('POST', '/api/admin/projects', { id: 'web-shop', name: 'Web shop' });
    await session.api('POST', '/api/admin/projects/web-shop/features', { name: 'checkout-v2' });
  });
  stopAfterFirstFailure(() => page);
  afterAll(() => session?.close());

  it('signs in under the prefix', async () => {
    expect(session.server.url).toMatch(/\/unleash$/);
    await session.signIn();
    expect(new URL(page.url()).pathname).toBe('/unleash/projects');
  });

  it('opens a flag from its project, and again from its address', async () => {
    await page.getByRole('link', { name: 'Web shop' }).first().click();
    await page.getByRole('link', { name: 'checkout-v2' }).first().click();
    await page.getByRole('heading', { level: 1, name: /checkout-v2/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/unleash/projects/web-shop/flags/checkout-v2');
    // A deep address loaded afresh: the app shell's files resolve against <base href>, not the page's path.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /checkout-v2/ }).waitFor();
    await session.checkScreen('base-path-flag');
  });

  it('asked for nothing outside the prefix', async () => {
    expect(asked.length).toBeGreaterThan(10);
    expect(asked.filter((path) => !path.startsWith('/unleash/'))).toEqual([]);
  });

  it('keeps the session cookie under the prefix', async () => {
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'switchyard-session')?.path).toBe('/unleash');
  });
});
