import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const OUTPUT_DIR = path.resolve(import.meta.dirname, '../test-output');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or undefined when Chromium is available. */
export function browserMissing(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  const why = `Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH, or apt-get install chromium)`;
  if (process.env.REQUIRE_BROWSER === '1')
    throw new Error(`${why}; REQUIRE_BROWSER=1 demands the browser tests`);
  console.warn(`[admin] skipping the browser tests: ${why}`);
  return why;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * Chromium shared by the browser test files one Vitest worker runs (the admin project keeps one module graph per
 * worker), instead of a launch per file, about a second each; it ends with the worker. A file works in contexts of
 * its own: `close` closes those opened since, and leaves the browser to the next file.
 */
export async function openSharedBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  let browser = await shared?.catch(() => undefined);
  if (!browser?.isConnected()) {
    shared = launchChromium();
    browser = await shared;
  }
  const before = new Set(browser.contexts());
  return {
    browser,
    async close() {
      await Promise.all(browser.contexts().map((context) => !before.has(context) && context.close()));
    },
  };
}

/**
 * Saves a screenshot under test-output/ and returns how many distinct colours a sample of it has, decoded by
 * the browser itself: a blank or single-colour page has one or two.
 */
export async function screenshot(page: Page, name: string): Promise<number> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const png = await page.screenshot({ fullPage: true });
  writeFileSync(path.join(OUTPUT_DIR, `${name}.png`), png);
  // Decoded by the page's own browser; nothing is added to the document.
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    const colours = new Set<number>();
    for (let i = 0; i < pixels.length; i += 4 * 97)
      colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
    return colours.size;
  }, png.toString('base64'));
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core on the page and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, not added as an inline <script>: the admin UI's Content-Security-Policy
  // refuses inline scripts, and the tests keep that policy on so they catch anything the UI itself would break.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run: (context: object, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe // Toasts fade in and out; axe would measure their contrast mid-animation, so they are left out.
      .run(
        { include: [['body']], exclude: [['.mantine-Notifications-root'], ['.m_3d733a3a']] },
        {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        },
      );
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
