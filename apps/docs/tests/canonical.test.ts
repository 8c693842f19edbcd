import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteUrl } from '../plugins/site-url';
import { buildDir, readDocs } from './support/site';

/**
 * The built site names its own address from DOCS_URL, the one the build was made for (global-setup rebuilds when it
 * changes): each page's canonical link and the sitemap's entries are DOCS_URL's host and folder plus the page's route.
 */
const { url, baseUrl } = siteUrl(process.env.DOCS_URL);
const docs = await readDocs();
/** The canonical link's address; the minified HTML leaves attribute values unquoted where it can. */
const canonical = (html: string) => /<link\b[^>]*\brel="?canonical"?[^>]*\bhref="?([^"\s>]+)/.exec(html)?.[1];

describe(`canonical links follow DOCS_URL (${url}${baseUrl})`, () => {
  it.each(docs.map((doc) => [doc.route] as const))('%s', (route) => {
    const file = path.join(buildDir, route.replace(/\/$/, ''), 'index.html');
    expect(existsSync(file), `${file} is built`).toBe(true);
    expect(canonical(readFileSync(file, 'utf8'))).toBe(`${url}${baseUrl}${route.replace(/^\//, '')}`);
  });

  it('the sitemap lists every page under DOCS_URL', () => {
    const locations = [
      ...readFileSync(path.join(buildDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g),
    ];
    expect(locations.length).toBeGreaterThanOrEqual(docs.length);
    expect(locations.filter(([, loc]) => !loc!.startsWith(`${url}${baseUrl}`))).toEqual([]);
  });
});
