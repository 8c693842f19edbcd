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
