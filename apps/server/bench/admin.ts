/**
 * `npm run bench -- admin`: the admin UI in Chromium against a real server on an embedded database seeded with a
 * project of 10,000 flags (BENCH_ADMIN_FLAGS). It reports the JavaScript of the first load (gzip), the time from
 * navigation start to the first flag switch of the 10,000-flag table being usable (median of BENCH_RUNS fresh tabs,
 * default 5), and the command menu: from the last keystroke of a flag's name to the menu showing that flag among
 * 10,000, typed (the prefix answered before) and pasted whole (5 names each). The admin UI is built first (Vite, production mode).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoadJs } from '../../admin/tests/bundle-size.ts';
import { launchChromium } from '../../admin/tests/browser.ts';
import { seedBulkProject } from '../../admin/tests/seed.ts';
import { startServerProcess } from '../src/testing/server-process.ts';

const adminDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'admin');
const FLAGS = Number(process.env.BENCH_ADMIN_FLAGS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

export type AdminFigures = {
  flags: number;
  firstLoadJsKb: number;
  tableInteractiveMs: { runs: number[]; median: number };
  commandMenuMs: {
    typed: { runs: number[]; median: number };
    pasted: { runs: number[]; median: number };
  };
};

/**
 * Runs in the page (as text: the bench runs under tsx, whose helpers do not exist there): types the last character
 * of a flag name into the focused field, as a keystroke would, and resolves with the ms until the flag is an option.
 */
const MEASURE_MENU = `new Promise((resolve) => {
  const flag = FLAG;
  const field = document.activeElement;
  const started = performance.now();
  const check = () => {
    // The "Search all flags for …" entry repeats any query: only the flag's own entry counts.
    const shown = [...document.querySelectorAll('[role="option"]')].some(
      (o) => o.textContent.includes(flag) && !o.textContent.includes('Search all'),
    );
    if (shown) resolve(performance.now() - started);
    else requestAnimationFrame(check);
  };
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(field, flag);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  requestAnimationFrame(check);
})`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureAdmin(say: (message: string) => void): Promise<AdminFigures> {
  say('building the admin UI (vite, production)');
  execFileSync(
    process.execPath,
    [path.join(adminDir, '../../node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: adminDir,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
  const firstLoad = firstLoadJs(path.join(adminDir, 'dist'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchyard-bench-admin-'));
  say(`seeding a project of ${FLAGS} flags`);
  await seedBulkProject(dataDir, 'bulk', FLAGS);
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_UI_DIR: path.join(adminDir, 'dist'),
      UNLEASH_DEFAULT_ADMIN_USERNAME: 'admin',
      UNLEASH_DEFAULT_ADMIN_PASSWORD: 'unleash4all',
    },
    120_000,
  );
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/projects`);
    await page.getByLabel('Username or email').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('unleash4all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();

    say(`the ${FLAGS}-flag table, ${RUNS} fresh tabs`);
    const loads: number[] = [];
    for (let i = 0; i < RUNS + 1; i += 1) {
      const tab = await context.newPage();
      await tab.goto(`${server.url}/projects/bulk`);
      const ready = await tab.waitForFunction(
        () => {
          const input = document.querySelector<HTMLInputElement>(
            'input[aria-label="bulk-00001 in development"]',
          );
          return input && !input.disabled ? performance.now() : false;
        },
        null,
        { polling: 'raf', timeout: 30_000 },
      );
      // The first tab warms the server's and the browser's caches, as a reader's earlier visit would.
      if (i > 0) loads.push(Math.round(Number(await ready.jsonValue())));
      if (i === RUNS)
        say(
          `last load, ms after navigation start: ${String(
            await tab.evaluate(
              `performance.getEntriesByType('resource').filter((e) => /\\/api\\/|\\.js$/.test(e.name)).map((e) => e.name.replace(/^.*\\//, '') + ' ' + e.startTime.toFixed(0) + '-' + e.responseEnd.toFixed(0)).join(', ')`,
            ),
          )}`,
        );
      await tab.close();
    }

    say('the command menu, 10 flag names');
    await page.goto(`${server.url}/projects`);
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    const typed: number[] = [];
    const pasted: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const name = `bulk-${String(1 + i * 997).padStart(5, '0')}`;
      await page.keyboard.press('Control+k');
      const input = page.getByRole('combobox').last();
      await input.waitFor();
      // Half the runs type the name's last character after its prefix has been answered; the others paste the whole
      // name into an empty menu, so the answer waits for the server's search.
      if (i % 2 === 0) {
        await input.fill(name.slice(0, -1));
        await page.waitForTimeout(300);
      }
      // From the last keystroke to the flag shown as an option, measured in the page.
      const elapsed = Number(await page.evaluate(MEASURE_MENU.replace('FLAG', JSON.stringify(name))));
      (i % 2 === 0 ? typed : pasted).push(Math.round(elapsed));
      await page.keyboard.press('Escape');
    }
    return {
      flags: FLAGS,
      firstLoadJsKb: Math.round(firstLoad.gzipBytes / 100) / 10,
      tableInteractiveMs: { runs: loads, median: median(loads) },
      commandMenuMs: {
        typed: { runs: typed, median: median(typed) },
        pasted: { runs: pasted, median: median(pasted) },
      },
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
