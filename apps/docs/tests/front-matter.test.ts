import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frontMatterProblems } from '../plugins/front-matter';
import { readProductVersion } from '../plugins/product-version';
import { docsDir, readDocs, siteDir, versionRoots } from './support/site';

const roots = [docsDir, ...versionRoots()];
const product = readProductVersion(siteDir);

/** The version remarks of the site spec, on the pages that carry them (checked once the page exists). */
const REMARKS: Record<string, string> = {
  'reference/constraints': '4.16',
  'reference/environments': '4.19',
  'reference/banners': '5.6',
};

const docsByRoot = await Promise.all(roots.map(async (root) => [root, await readDocs(root)] as const));
const current = new Map((await readDocs()).map((d) => [d.id, d]));

describe('front matter', () => {
  for (const [root, docs] of docsByRoot) {
    it.each(docs.map((d) => [d.relative, d] as const))(
      `${path.relative(siteDir, root)}/%s has a valid title, description and availability`,
      (_file, doc) => {
        expect(frontMatterProblems(doc.frontMatter, product)).toEqual([]);
      },
    );
  }

  it.each(Object.entries(REMARKS).filter(([id]) => current.has(id)))(
    '%s states the Unleash version remark %s',
    (id, version) => {
      const doc = current.get(id)!;
      expect((doc.frontMatter.availability as { unleashVersion?: string } | undefined)?.unleashVersion).toBe(
        version,
      );
      expect(String(doc.frontMatter.description)).toContain(version);
    },
  );

  it('the API tokens page says creating tokens needs the CREATEAPITOKEN permission', () => {
    const doc = current.get('reference/api-tokens');
    expect(doc, 'docs/reference/api-tokens.mdx').toBeDefined();
    expect(String(doc!.frontMatter.description)).toContain('CREATEAPITOKEN');
  });
});
