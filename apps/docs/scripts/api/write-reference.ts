import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_GENERATED_DIR } from '../../plugins/docs-layout';
import { assertOpenApi } from './openapi';
import { renderReference, type Layout } from './render-reference';

export type Target = { name: string; spec: string; outDir: string; layout: Layout; note?: string };
export type WriteResult = { written: number; removed: number; unchanged: number; operations: number };

/** Where the server writes its OpenAPI document, and the fixture used until it does. */
export function serverSpecPath(siteDir: string): string {
  return path.resolve(siteDir, '..', 'server', 'openapi.json');
}
export function fixtureSpecPath(siteDir: string): string {
  return path.join(siteDir, 'tests', 'fixtures', 'openapi.json');
}
/** A released version keeps the OpenAPI document it was cut with beside its API overview page. */
export function versionSpecPath(siteDir: string, version: string): string {
  return path.join(
    siteDir,
    'versioned_docs',
    `version-${version}`,
    'reference',
    'api',
    'unleash',
    'openapi.json',
  );
}

export function readVersions(siteDir: string): string[] {
  const file = path.join(siteDir, 'versions.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : [];
}

/** The current docs and every released version, each with the document its reference is generated from. */
export function referenceTargets(siteDir: string, env: NodeJS.ProcessEnv = process.env): Target[] {
  const fromEnv = env.OPENAPI_PATH ? path.resolve(env.OPENAPI_PATH) : undefined;
  const server = serverSpecPath(siteDir);
  const current: Target = {
    name: 'current',
    spec: fromEnv ?? (existsSync(server) ? server : fixtureSpecPath(siteDir)),
    outDir: path.join(siteDir, 'docs', API_GENERATED_DIR),
    layout: 'operation-pages',
    ...(!fromEnv && !existsSync(server) && { note: `${server} does not exist yet; using the test fixture` }),
  };
  const versions = readVersions(siteDir).map((version) => ({
    name: version,
    spec: versionSpecPath(siteDir, version),
    outDir: path.join(siteDir, 'versioned_docs', `version-${version}`, API_GENERATED_DIR),
    layout: 'area-pages' as const,
  }));
  return [current, ...versions];
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

function removeEmptyDirs(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const child = path.join(dir, entry.name);
    removeEmptyDirs(child);
    if (readdirSync(child).length === 0) rmSync(child, { recursive: true });
  }
}

/**
 * Makes `outDir` hold exactly `files`. Unchanged files are not rewritten, so a dev server watching the folder does
 * not rebuild when the generator runs again with the same input.
 */
export function syncFiles(outDir: string, files: Map<string, string>): Omit<WriteResult, 'operations'> {
  let written = 0;
  let removed = 0;
  let unchanged = 0;
  for (const existing of listFiles(outDir)) {
    if (!files.has(existing)) {
      rmSync(path.join(outDir, existing));
      removed += 1;
    }
  }
  for (const [relative, content] of files) {
    const file = path.join(outDir, relative);
    if (existsSync(file) && readFileSync(file, 'utf8') === content) {
      unchanged += 1;
      continue;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content, 'utf8');
    written += 1;
  }
  if (existsSync(outDir)) removeEmptyDirs(outDir);
  return { written, removed, unchanged };
}

export function writeReference(target: Target): WriteResult {
  const doc: unknown = JSON.parse(readFileSync(target.spec, 'utf8'));
  assertOpenApi(doc, target.spec);
  const files = renderReference(doc, target.layout);
  const operations = Object.values(doc.paths ?? {}).flatMap((item) =>
    Object.keys(item).filter(
      (key) => key !== 'parameters' && key !== 'servers' && key !== 'summary' && key !== 'description',
    ),
  ).length;
  return { ...syncFiles(target.outDir, files), operations };
}
