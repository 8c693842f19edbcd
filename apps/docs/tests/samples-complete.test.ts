import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listDocFiles, siteDir, versionRoots } from './support/site';

/*
 * A sample copied from a page must run as the reader sees it: every file a shown example imports from its own
 * folder (`./example-flags.mjs`) is shown on the same page too.
 */
const examplesDir = path.join(siteDir, 'examples');
const roots = [path.join(siteDir, 'docs'), ...versionRoots()].filter(existsSync);

const shownFiles = (mdx: string): string[] =>
  [...mdx.matchAll(/<Sample\s+file="([^"]+)"/g)].map((m) => m[1]!);

/** Files of the examples folder that a sample imports with a relative specifier, as paths like `sdks/x.mjs`. */
export function relativeImports(file: string): string[] {
  const source = readFileSync(path.join(examplesDir, file), 'utf8');
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (m) => m[1]!,
  );
  return specifiers.map((s) => path.posix.join(path.posix.dirname(file), s));
}

const pages = roots.flatMap((root) =>
  listDocFiles(root).map((relative) => ({
    page: path.relative(siteDir, path.join(root, relative)),
    shown: shownFiles(readFileSync(path.join(root, relative), 'utf8')),
  })),
);

describe('samples are complete on their page', () => {
  it('finds pages with samples, and samples that import a helper', () => {
    const withSamples = pages.filter((p) => p.shown.length > 0);
    expect(withSamples.length).toBeGreaterThan(10);
    expect(withSamples.some((p) => p.shown.some((f) => relativeImports(f).length > 0))).toBe(true);
  });

  it.each(pages.filter((p) => p.shown.length > 0).map((p) => [p.page, p.shown] as const))(
    '%s shows every file its samples import',
    (_page, shown) => {
      const missing = shown.flatMap((f) =>
        relativeImports(f).filter((imported) => !shown.includes(imported)),
      );
      expect(missing).toEqual([]);
    },
  );
});
