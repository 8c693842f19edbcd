import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterEach, beforeEach, expect } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../server/src/testing/server-process.ts';
import { openSharedBrowser, screenshot, seriousViolations } from './browser.ts';

export const ADMIN_TOKEN = '*:*.browser-test-admin-secret';

// Opens the embedded database in both passes: CI's PostgreSQL pass leaves its files out.
/**
 * What the admin UI browser tests share: the built app served by a real server on a new embedded database
 * (optionally seeded first), Chromium with one page, and helpers to call the API and check a screen.
 */
export async function openAdminSession(
  seed?: (dataDir: string) => Promise<void>,
  /** More of the server's environment, such as BASE_URI_PATH; `server.url` then ends with that path. */
  env: Record<string, string> = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchyard-admin-'));
  await seed?.(dataDir);
  const server: ServerProcess = await startServerProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_UI_DIR: path.resolve(import.meta.dirname, '../dist'),
      INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
      UNLEASH_DEFAULT_ADMIN_USERNAME: 'admin',
      UNLEASH_DEFAULT_ADMIN_PASSWORD: 'unleash4all',
      ...env,
    },
    60_000,
  );
  const { browser, close: closeBrowser }: { browser: Browser; close(): Promise<void> } =
    await openSharedBrowser();
  const page: Page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  page.setDefaultTimeout(15_000);

  const api = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        authorization: ADMIN_TOKEN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} → ${response.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return {
    dataDir,
    server,
    browser,
    page,
    api,
    go: (url: string) => page.goto(`${server.url}${url}`),
    async pick(scope: Page | Locator, label: string, option: string | RegExp) {
      await scope.getByRole('combobox', { name: label, exact: true }).click();
      await page.getByRole('option', { name: option }).first().click();
    },
    async checkScreen(name: string, axe = true) {
      await page.waitForLoadState('networkidle');
      expect(await screenshot(page, name), `${name} screenshot looks blank`).toBeGreaterThan(5);
      if (axe) expect(await seriousViolations(page), `${name} accessibility`).toEqual([]);
    },
    /** Signs the page in as the default admin through the sign-in form. */
    async signIn() {
      await page.goto(`${server.url}/projects`);
      await page.getByLabel('Username or email').fill('admin');
      await page.getByLabel('Password', { exact: true }).fill('unleash4all');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    },
    async close() {
      await closeBrowser();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type AdminSession = Awaited<ReturnType<typeof openAdminSession>>;

/**
 * Steps build on each other: after one fails, its screen is saved and the rest say so at once instead of timing
 * out one by one.
 */
export function stopAfterFirstFailure(page: () => Page | undefined): void {
  let failed: string | undefined;
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail' || failed) return;
    failed = context.task.name;
    const current = page();
    if (current) await screenshot(current, 'failure').catch(() => {});
  });
  beforeEach(() => {
    if (failed) throw new Error(`an earlier step failed: ${failed}`);
  });
}
