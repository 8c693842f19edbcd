/**
 * `npm run bench -- docs`: Lighthouse (mobile, its default simulated slow 4G and 4x CPU slowdown) on a concept page
 * and an API operation page of the built docs, served gzipped as a CDN would (apps/docs/scripts/static-server.ts).
 * Each page is measured BENCH_RUNS times (default 3); the median run is reported with what the page loads. Lighthouse
 * is fetched with npx on first use (it is not a dependency of the project); Chromium comes from CHROMIUM_PATH or
 * /usr/bin/chromium. The docs are built first when there is no build.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { listen, staticHandler } from '../../docs/scripts/static-server.ts';

const run = promisify(execFile);
const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs');
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE ?? 'lighthouse@12.8.2';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
export const DOCS_PAGES = {
  concept: '/reference/segments',
  api: '/reference/api/unleash/create-feature',
};

export type DocsRow = {
  page: string;
  route: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferredKb: number;
  requests: number;
  scripts: number;
};

type Audit = { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } };
type Report = { categories: Record<string, { score: number }>; audits: Record<string, Audit> };

function toRow(page: string, route: string, report: Report): DocsRow {
  const value = (id: string) => Math.round(report.audits[id]?.numericValue ?? NaN);
  const requests = (report.audits['network-requests']?.details?.items ?? []).filter(
    (item) => !String(item.url).startsWith('data:'),
  );
  return {
    page,
    route,
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    speedIndexMs: value('speed-index'),
    transferredKb:
      Math.round(requests.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0) / 100) / 10,
    requests: requests.length,
    scripts: requests.filter((item) => item.resourceType === 'Script').length,
  };
}

async function lighthouse(url: string, outDir: string, index: number): Promise<Report> {
  const output = path.join(outDir, `report-${index}.json`);
  await run(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--only-categories=performance,accessibility',
      '--chrome-flags=--headless=new --no-sandbox',
      '--output=json',
      `--output-path=${output}`,
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 180_000,
    },
  );
  return JSON.parse(await readFile(output, 'utf8')) as Report;
}

export async function measureDocs(say: (message: string) => void): Promise<DocsRow[]> {
  const buildDir = path.join(docsDir, 'build');
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    say('no docs build: building the docs (a few minutes)');
    await run('npm', ['run', 'build', '-w', '@switchyard/docs'], { maxBuffer: 256 * 1024 * 1024 });
  }
  const { server, url } = await listen(staticHandler(buildDir), 0);
  const outDir = await mkdtemp(path.join(tmpdir(), 'lighthouse-'));
  const rows: DocsRow[] = [];
  try {
    let index = 0;
    for (const [page, route] of Object.entries(DOCS_PAGES)) {
      const runs: DocsRow[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        say(`lighthouse ${page} ${route}, run ${i + 1} of ${RUNS}`);
        runs.push(toRow(page, route, await lighthouse(`${url}${route}`, outDir, (index += 1))));
      }
      runs.sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs);
      rows.push(runs[Math.floor(runs.length / 2)]!);
    }
  } finally {
    server.close();
    await rm(outDir, { recursive: true, force: true });
  }
  return rows;
}
