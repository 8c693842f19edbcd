import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProductVersion } from '../plugins/product-version';
import { readVersions } from '../scripts/api/write-reference';
import { validate, type JsonSchema } from './support/json-schema';
import { buildDir, readDocs, siteDir } from './support/site';

type SidebarEntry = {
  type: string;
  label: string;
  href: string | null;
  docId: string | null;
  className?: string;
  items?: SidebarEntry[];
};

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const schema = (name: string) => readJson(path.join(siteDir, 'schemas', `${name}.schema.json`)) as JsonSchema;
const meta = (name: string) => readJson(path.join(buildDir, 'meta', `${name}.json`));

function flatten(entries: SidebarEntry[]): SidebarEntry[] {
  return entries.flatMap((e) => [e, ...flatten(e.items ?? [])]);
}

const docFiles = await readDocs();

describe('build/meta', () => {
  it.each(['docs', 'sidebars', 'versions'])('%s.json is valid against schemas/%s.schema.json', (name) => {
    expect(validate(schema(name), meta(name))).toEqual([]);
  });

  it('docs.json lists every current doc with its front matter title and description', () => {
    const entries = meta('docs') as { id: string; title: string; description: string }[];
    const files = docFiles;
    expect(entries.map((e) => e.id).sort()).toEqual(files.map((f) => f.id).sort());
    for (const file of files) {
      const entry = entries.find((e) => e.id === file.id)!;
      expect(entry.title, file.id).toBe(file.frontMatter.title);
      expect(entry.description, file.id).toBe(file.frontMatter.description);
    }
  });

  it('sidebars.json links only to docs that exist, at their routes', () => {
    const docs = new Map(docFiles.map((d) => [d.id, d.route]));
    const entries = flatten(Object.values(meta('sidebars') as Record<string, SidebarEntry[]>).flat());
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries.filter((e) => e.docId)) {
      expect(docs.has(entry.docId!), `${entry.docId} exists`).toBe(true);
      expect(entry.href, entry.docId!).toBe(docs.get(entry.docId!));
    }
  });

  it('names the academy introduction once, and no page links Previous or Next to itself', () => {
    const sidebars = meta('sidebars') as Record<string, SidebarEntry[]>;
    expect(
      flatten(sidebars.academy ?? []).filter((e) => e.docId === 'unleash-academy/introduction'),
    ).toHaveLength(1);
    const selfLinks = docFiles.filter((doc) => {
      const route = doc.route.replace(/(.)\/$/, '$1');
      const file = path.join(buildDir, route, 'index.html');
      if (!existsSync(file)) return false;
      const links = [
        ...readFileSync(file, 'utf8').matchAll(/pagination-nav__link--(?:next|prev)" href=([^\s>]+)/g),
      ];
      return links.some((m) => m[1]!.replace(/"/g, '').replace(/(.)\/$/, '$1') === route);
    });
    expect(selfLinks.map((d) => d.route)).toEqual([]);
    const academyNext = readFileSync(
      path.join(buildDir, 'unleash-academy', 'introduction', 'index.html'),
      'utf8',
    );
    expect(academyNext).toMatch(/pagination-nav__link--next" href=\/unleash-academy\/foundational/);
  });

  it('sidebars.json marks API operations with their method, deprecated ones too', () => {
    const operations = docFiles.filter(
      (d) => (d.frontMatter.api as { kind?: string } | undefined)?.kind === 'operation',
    );
    const entries = flatten((meta('sidebars') as Record<string, SidebarEntry[]>).documentation ?? []);
    for (const op of operations) {
      const api = op.frontMatter.api as { method: string; deprecated: boolean };
      const entry = entries.find((e) => e.docId === op.id);
      const expected = `${api.deprecated ? 'menu__list-item--deprecated ' : ''}api-method ${api.method}`;
      expect(entry?.className, op.id).toBe(expected);
    }
  });

  it('versions.json has the current version at the root, labelled with the repository version, and every released one', () => {
    const versions = meta('versions') as {
      version: string;
      label: string;
      banner: string | null;
      isLast: boolean;
      pluginId: string;
    }[];
    expect(versions.map((v) => v.version)).toEqual(['current', ...readVersions(siteDir)]);
    const product = readProductVersion(siteDir);
    expect(versions[0]?.label).toBe(product.label);
    expect(versions[0]?.banner).toBe(product.released ? null : 'unreleased');
    expect(versions.filter((v) => v.isLast).map((v) => v.version)).toEqual(['current']);
    expect(new Set(versions.map((v) => v.pluginId))).toEqual(new Set(['default']));
  });
});
