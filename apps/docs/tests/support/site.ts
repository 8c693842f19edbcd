import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PARSE_FRONT_MATTER } from '@docusaurus/utils';
import { listen, staticHandler, type StaticOptions } from '../../scripts/static-server';

export const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const docsDir = path.join(siteDir, 'docs');
export const buildDir = path.join(siteDir, 'build');

/** The docs roots of released versions (`versioned_docs/version-<v>`), once a version has been cut. */
export function versionRoots(): string[] {
  const dir = path.join(siteDir, 'versioned_docs');
  return existsSync(dir) ? readdirSync(dir).map((v) => path.join(dir, v)) : [];
}

export type DocFile = {
  /** Path relative to its docs root, e.g. `reference/segments.mdx`. */
  relative: string;
  id: string;
  route: string;
  frontMatter: Record<string, unknown>;
};

/** Markdown pages under a docs root, partials (`_x.mdx`, `_dir/`) excluded. */
export function listDocFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.mdx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((relative) => !relative.split(path.sep).some((part) => part.startsWith('_')))
    .sort();
}

/** The route Docusaurus gives a doc: its `slug`, else its path (index pages end with a slash). */
export function routeOf(relative: string, frontMatter: Record<string, unknown>): string {
  const id = relative
    .replace(/\.mdx?$/, '')
    .split(path.sep)
    .join('/');
  const dir = path.posix.dirname(id);
  const slug = frontMatter.slug;
  if (typeof slug === 'string')
    return slug.startsWith('/') ? slug : `/${path.posix.join(dir === '.' ? '' : dir, slug)}`;
  if (path.posix.basename(id) === 'index') return dir === '.' ? '/' : `/${dir}/`;
  return `/${id}`;
}

/** Front matter exactly as Docusaurus parses it. */
export async function parseFrontMatter(
  filePath: string,
  fileContent: string,
): Promise<Record<string, unknown>> {
  return (await DEFAULT_PARSE_FRONT_MATTER({ filePath, fileContent })).frontMatter;
}

export async function readDocs(root = docsDir): Promise<DocFile[]> {
  return Promise.all(
    listDocFiles(root).map(async (relative) => {
      const file = path.join(root, relative);
      const frontMatter = await parseFrontMatter(file, readFileSync(file, 'utf8'));
      return {
        relative,
        id: relative
          .replace(/\.mdx?$/, '')
          .split(path.sep)
          .join('/'),
        route: routeOf(relative, frontMatter),
        frontMatter,
      };
    }),
  );
}

/** The sidebar a page shows: the academy's pages show the academy, everything else the documentation sidebar. */
export function expectedSidebar(doc: DocFile): string {
  if (typeof doc.frontMatter.displayed_sidebar === 'string') return doc.frontMatter.displayed_sidebar;
  return doc.id.startsWith('unleash-academy/') ? 'academy' : 'documentation';
}

/** Doc ids deliberately in no sidebar (tests/orphan-allowlist.json). */
export function readOrphanAllowlist(): Set<string> {
  const file = path.join(siteDir, 'tests', 'orphan-allowlist.json');
  return new Set(
    Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { docs: Record<string, string> }).docs),
  );
}

/** Serves build/ as `npm start` does; `serverUrl` is the Switchyard it announces to "Try it" (SWITCHYARD_URL). */
export async function serveBuild(
  options: StaticOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const { server, url } = await listen(staticHandler(buildDir, options), 0);
  return { url, close: () => closeServer(server) };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
  nbsp: ' ',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole);
}

/** What a built page says about itself: its <title>, the sidebar it shows, and its active sidebar link. */
export function describePage(html: string): { title: string; sidebar?: string; activeLinks: string[] } {
  const title = decodeEntities(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
  const sidebar = /data-sidebar="?([\w-]+)/.exec(html)?.[1];
  const activeLinks = [...html.matchAll(/<a\s[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes('menu__link--active'))
    .map((tag) => /href="?([^" >]+)/.exec(tag)?.[1] ?? '');
  return { title, sidebar, activeLinks };
}
