import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether Chromium is there. Without it the browser tests are skipped with a printed reason, unless
 * REQUIRE_BROWSER=1 (CI), where a missing browser is an error.
 */
export function browserAvailable(test: string): boolean {
  if (existsSync(executablePath)) return true;
  const message = `Chromium not found at ${executablePath} (set CHROMIUM_PATH)`;
  if (process.env.REQUIRE_BROWSER === '1')
    throw new Error(`${message}; REQUIRE_BROWSER=1 requires it for ${test}`);
  console.log(`[browser] skipping ${test}: ${message}`);
  return false;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * Makes a page live: pages load as HTML and hydrate on first use (plugins/ssr-template.ts), so a test that needs the
 * React app (search, Try it, the colour switch) moves the pointer, as a reader does, and waits for the app.
 */
export async function hydrate(page: import('playwright-core').Page): Promise<void> {
  await page.mouse.move(2, 2);
  await page.mouse.move(4, 4);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
}
