import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describePage,
  docsDir,
  expectedSidebar,
  readDocs,
  readOrphanAllowlist,
  serveBuild,
  type DocFile,
} from './support/site';

/** The top-level routes of the site spec (section 2), written as the spec writes them. */
const SEED_ROUTES = [
  '/',
  '/quickstart',
  '/topics',
  '/feature-flag-tutorials',
  '/understanding-unleash',
  '/using-unleash',
  '/reference',
  '/reference/api/unleash',
  '/reference/sdks/',
  '/reference/integrations/',
  '/how-to',
  '/contributing',
  '/unleash-academy/introduction',
];

/** Sub-page prefixes of the site spec; each must have at least one page under it. */
const SEED_PREFIXES = [
  '/topics/feature-flags/',
  '/topics/feature-flag-migration/',
  '/reference/',
  '/reference/api/unleash/',
  '/reference/sdks/',
  '/reference/integrations/',
  '/how-to/',
  '/using-unleash/deploy/',
  '/using-unleash/troubleshooting/',
  '/contributing/',
];

const SITE_TITLE = 'Switchyard';

/** Both forms of a route: `/x` and `/x/` (the root has one). */
function bothForms(route: string): string[] {
  if (route === '/') return ['/'];
  const bare = route.replace(/\/$/, '');
  return [bare, `${bare}/`];
}

const docs = await readDocs();
const hidden = readOrphanAllowlist();
const byRoute = new Map<string, DocFile>(docs.map((d) => [d.route.replace(/(.)\/$/, '$1'), d]));
let site: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  site = await serveBuild();
});
afterAll(async () => {
  await site?.close();
});

async function get(route: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${site.url}${route}`);
  return { status: response.status, html: await response.text() };
}

async function expectPage(route: string, doc: DocFile): Promise<void> {
  const { status, html } = await get(route);
  expect(status, `${route} status`).toBe(200);
  const page = describePage(html);
  expect(page.title, `${route} <title>`).toBe(`${String(doc.frontMatter.title)} | ${SITE_TITLE}`);
  if (hidden.has(doc.id)) return; // deliberately in no sidebar
  expect(page.sidebar, `${route} sidebar`).toBe(expectedSidebar(doc));
  expect(page.activeLinks, `${route}: the sidebar marks the page itself`).toContain(doc.route);
}

describe('the seed routes', () => {
  it.each(SEED_ROUTES.flatMap(bothForms))(
    '%s is a page with its title and the right sidebar',
    async (route) => {
      const doc = byRoute.get(route.replace(/(.)\/$/, '$1'));
      expect(doc, `a docs file for ${route}`).toBeDefined();
      await expectPage(route, doc!);
    },
  );

  it.each(SEED_PREFIXES)('%s* has pages', (prefix) => {
    const below = docs.filter((d) => d.route.startsWith(prefix) && d.route !== prefix);
    expect(below.map((d) => d.route).length, `pages under ${prefix}`).toBeGreaterThan(0);
  });

  it('answers 404 with the site page for unknown routes', async () => {
    const { status, html } = await get('/reference/no-such-concept');
    expect(status).toBe(404);
    expect(html).toContain('Page Not Found');
  });
});

describe('every page that exists', () => {
  it.each(docs.map((d) => [d.relative, d] as const))(
    '%s answers at its route in both forms',
    async (_file, doc) => {
      for (const route of bothForms(doc.route)) await expectPage(route, doc);
    },
  );

  it('includes the generated API reference', () => {
    expect(existsSync(path.join(docsDir, 'reference/api/unleash/generated/sidebar.json'))).toBe(true);
    expect(
      docs.filter((d) => d.frontMatter.api && (d.frontMatter.api as { kind: string }).kind === 'operation')
        .length,
    ).toBeGreaterThan(0);
  });
});
