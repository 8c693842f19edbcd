import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from './support/browser';
import { serveBuild } from './support/site';
import { startSwitchyard, TOKENS, type RunningServer } from './support/switchyard-server';

// What a reader does on a cold page before the app has hydrated is kept (decision record 0052): typing into search,
// a press on the colour switch or a sidebar category. And "Try it" defaults to the server the docs server announces.
const available = browserAvailable('the early-input browser tests');

let browser: Browser;
let site: { url: string; close: () => Promise<void> };
let server: RunningServer;

beforeAll(async () => {
  if (!available) return;
  // As `npm start` does: the server on a port of its own, announced to the docs (SWITCHYARD_URL).
  server = await startSwitchyard({ API_CORS_ORIGINS: '*' });
  site = await serveBuild({ serverUrl: server.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await server?.stop();
});

/** A fresh context (no cache, no storage): the page's scripts are fetched and run only once it is used. */
async function coldPage(
  route: string,
): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(`${site.url}${route}`, { waitUntil: 'domcontentloaded' });
  return { page, problems, close: () => context.close() };
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

describe.skipIf(!available)('input before hydration', () => {
  it('keeps "gradual rollout" typed at 40 ms a key from DOMContentLoaded, and search finds its page', async () => {
    const { page, problems, close } = await coldPage('/reference/segments');
    expect(await hydrated(page)).toBe(false);
    await page.focus('input.navbar__search-input');
    await page.keyboard.type('gradual rollout', { delay: 40 });
    const search = page.locator('input.navbar__search-input[role="combobox"]');
    await search.waitFor({ timeout: 30_000 });
    expect(await search.inputValue()).toBe('gradual rollout');
    const option = page.locator('[role="option"]', { hasText: 'Gradual rollout' }).first();
    await option.waitFor({ timeout: 30_000 });
    await search.press('Enter');
    await page.waitForURL(/\/feature-flag-tutorials\/use-cases\/gradual-rollout(#.*)?$/);
    expect(problems).toEqual([]);
    await close();
  }, 120_000);

  it('keeps the caret: "rollout", Home, then "gradual " reads "gradual rollout"', async () => {
    // The page's scripts are held until "gr" is typed before the caret, so the real box always takes over with the
    // caret inside the text, and "adual " is typed into it only then.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: 'light',
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    let release = () => {};
    const typedBeforeCaret = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.js', async (route) => {
      await typedBeforeCaret;
      await route.continue();
    });
    await page.goto(`${site.url}/reference/segments`, { waitUntil: 'domcontentloaded' });
    await page.focus('input.navbar__search-input');
    await page.keyboard.type('rollout', { delay: 40 });
    await page.keyboard.press('Home');
    await page.keyboard.type('gr', { delay: 40 });
    release();
    const search = page.locator('input.navbar__search-input[role="combobox"]');
    await search.waitFor({ timeout: 30_000 });
    await expect.poll(() => search.inputValue(), { timeout: 10_000 }).toBe('grrollout');
    await page.keyboard.type('adual ', { delay: 40 });
    await expect.poll(() => search.inputValue(), { timeout: 10_000 }).toBe('gradual rollout');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('applies a press on the colour switch made before the app hydrated', async () => {
    // Left alone, a page hydrates following the system's scheme ("system mode"); the switch's first press chooses
    // light (system → light → dark), which the page keeps.
    const alone = await coldPage('/reference/segments');
    await alone.page.mouse.move(2, 2);
    await alone.page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    const aloneToggle = alone.page.locator('button[title*="mode"]:not([disabled])').first();
    expect(await aloneToggle.getAttribute('title')).toContain('system mode');
    await alone.close();

    const { page, problems, close } = await coldPage('/reference/segments');
    const toggle = page.locator('button[title*="mode"]').first();
    const box = (await toggle.boundingBox())!;
    // The theme renders the switch disabled until hydration, so a browser fires no click on it.
    expect(await toggle.isDisabled()).toBe(true);
    expect(await hydrated(page)).toBe(false);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    await expect.poll(() => toggle.getAttribute('title'), { timeout: 5_000 }).toContain('light mode');
    expect(await page.evaluate(() => document.documentElement.dataset.themeChoice)).toBe('light');
    expect(problems).toEqual([]);
    await close();
  });

  it('applies a press on a sidebar category made before the app hydrated', async () => {
    const { page, problems, close } = await coldPage('/reference/segments');
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    const caret = sidebar.locator('button.menu__caret[aria-expanded="false"]').first();
    // "Expand sidebar category 'Feature flag guide'": the label changes with the state, the category's name does not.
    const category = /'(.+)'/.exec((await caret.getAttribute('aria-label'))!)![1]!;
    expect(await hydrated(page)).toBe(false);
    const box = (await caret.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    const same = sidebar.locator(`button.menu__caret[aria-label*="'${category}'"]`).first();
    await expect.poll(() => same.getAttribute('aria-expanded'), { timeout: 5_000 }).toBe('true');
    expect(problems).toEqual([]);
    await close();
  });

  it('starts "Try it" with the server the docs server announces, and sends to it', async () => {
    const { page, close } = await coldPage('/reference/api/unleash/get-projects');
    await page.mouse.move(2, 2);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    const serverUrl = page.getByRole('textbox', { name: 'Server URL' });
    await expect.poll(() => serverUrl.inputValue(), { timeout: 10_000 }).toBe(server.url);
    await page.getByRole('textbox', { name: 'API token' }).fill(TOKENS.admin);
    await page.getByRole('button', { name: 'Send' }).click();
    const result = page.locator('[class*="tryItResult"]');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.textContent()).toContain('Status 200');
    expect(server.url).not.toBe('http://localhost:4242');
    await close();
  });
});
