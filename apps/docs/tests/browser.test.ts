import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, hydrate, launchBrowser } from './support/browser';
import { serveBuild } from './support/site';
import { startSwitchyard, TOKENS, type RunningServer } from './support/switchyard-server';

const available = browserAvailable('the browser walk-through');

let browser: Browser;
let site: { url: string; close: () => Promise<void> };
let server: RunningServer;

beforeAll(async () => {
  if (!available) return;
  site = await serveBuild();
  // As `npm start` does for the local docs: the docs' origin may call the Admin and Client APIs.
  server = await startSwitchyard({ API_CORS_ORIGINS: site.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await server?.stop();
});

/** Clicks a sidebar link by its text and waits for the address to match. */
async function followSidebar(page: Page, label: string, url: RegExp): Promise<void> {
  await page.locator('nav[aria-label="Docs sidebar"] a.menu__link', { hasText: label }).first().click();
  await page.waitForURL(url);
}

describe.skipIf(!available)('the docs in Chromium', () => {
  it('walks from the welcome page to a concept, an API operation and an SDK page, then dark mode, search and the academy', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.url}/`);
    await page.locator('h1').first().waitFor();

    await followSidebar(page, 'Concepts', /\/reference\/?$/);
    await followSidebar(page, 'Segments', /\/reference\/segments$/);
    await page.locator('h1', { hasText: 'Segments' }).first().waitFor();
    expect(await page.locator('h1').first().textContent()).toBe('Segments');

    await followSidebar(page, 'API reference', /\/reference\/api\/unleash\/?$/);
    const area = page.locator('nav[aria-label="Docs sidebar"] .menu__list-item-collapsible a', {
      hasText: 'API tokens',
    });
    await area.first().click();
    await page.waitForURL(/\/reference\/api\/unleash\/api-tokens\/?$/);
    const operation = page.locator('nav[aria-label="Docs sidebar"] li.api-method > a').first();
    const operationLabel = (await operation.textContent())!.trim();
    const areaUrl = page.url();
    await operation.click();
    // The area page's own URL matches the operation pattern too: wait for a different page and its heading.
    await page.waitForURL(
      (url) => url.href !== areaUrl && /\/reference\/api\/unleash\/[a-z0-9-]+$/.test(url.pathname),
    );
    await page.locator('h1', { hasText: operationLabel }).first().waitFor();
    expect(await page.locator('h1').first().textContent()).toBe(operationLabel);
    await page.locator('.api-badge').first().waitFor();
    await page.locator('h2', { hasText: 'Try it' }).waitFor();
    expect(await page.getByLabel('Server URL').inputValue()).toBe('http://localhost:4242');

    await followSidebar(page, 'SDKs', /\/reference\/sdks\/?$/);
    await followSidebar(page, 'Node', /\/reference\/sdks\/node$/);
    await hydrate(page);

    const html = page.locator('html');
    for (let i = 0; i < 3 && (await html.getAttribute('data-theme')) !== 'dark'; i += 1)
      await page.locator('button[title*="mode"]').first().click();
    expect(await html.getAttribute('data-theme')).toBe('dark');

    // The search box loads on first use: click the placeholder, then type into the real one.
    await page.locator('input.navbar__search-input').first().click();
    const search = page.locator('input.navbar__search-input[role="combobox"]');
    await search.waitFor();
    await search.fill('segments');
    await page.locator('[role="option"]').first().waitFor({ timeout: 20_000 });
    await search.press('Enter');
    await page.waitForURL(/\/reference\/segments(#.*)?$/);

    await page.locator('.navbar__items a.navbar__link', { hasText: 'Academy' }).click();
    await page.waitForURL(/\/unleash-academy\/introduction$/);
    await page.locator('[data-sidebar="academy"]').first().waitFor();
    expect(await page.locator('[data-sidebar]').first().getAttribute('data-sidebar')).toBe('academy');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends a "Try it" request from an API page to a running Switchyard and shows its answer', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.url}/reference/api/unleash/get-projects`);
    await page.locator('h2', { hasText: 'Try it' }).waitFor();
    await hydrate(page);
    await page.getByRole('textbox', { name: 'Server URL' }).fill(server.url);
    await page.getByRole('textbox', { name: 'API token' }).fill(TOKENS.admin);
    await page.getByRole('button', { name: 'Send' }).click();
    const result = page.locator('[class*="tryItResult"]');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.textContent()).toContain('Status 200');
    expect(await result.locator('pre').textContent()).toContain('"default"');

    // Without a token the same call reaches the server, which answers 401 in its one error format.
    await page.getByRole('textbox', { name: 'API token' }).fill('');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('[class*="tryItResult"]', { hasText: 'Status 401' }).waitFor({ timeout: 20_000 });
    expect(await result.locator('pre').textContent()).toContain('AuthenticationRequired');
    await page.close();
  });

  it('switches between the docs and academy sidebars in the mobile menu', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${site.url}/reference/segments`);
    await hydrate(page);
    await page.locator('button.navbar__toggle').click();
    const menu = page.locator('.navbar-sidebar');
    await menu.locator('li.sidebar-switch a.menu__link').click();
    await page.waitForURL(/\/unleash-academy\/introduction$/);
    await hydrate(page);
    await page.locator('button.navbar__toggle').click();
    await menu.locator('li.sidebar-switch a.menu__link').click();
    await page.waitForURL(new RegExp(`^${site.url}/$`));
    await page.close();
  });
});
