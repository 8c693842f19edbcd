import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import lunr from 'lunr';
import { describe, expect, it } from 'vitest';
import { buildDir, readDocs } from './support/site';

type Part = { documents: { i: number; u: string }[]; index: unknown };

function readIndex(): Part[] {
  const file = readdirSync(buildDir).find((f) => /^search-index.*\.json$/.test(f));
  if (!file) throw new Error('build/ has no search index');
  return JSON.parse(readFileSync(path.join(buildDir, file), 'utf8')) as Part[];
}

/** Pages matching a query, as the search box orders them: title matches first, then headings, descriptions... */
function search(parts: Part[], query: string): string[] {
  const urls: string[] = [];
  for (const part of parts) {
    for (const hit of lunr.Index.load(part.index).search(query)) {
      const url = part.documents.find((d) => String(d.i) === hit.ref)!.u.split('#')[0]!;
      if (!urls.includes(url)) urls.push(url);
    }
  }
  return urls;
}

const parts = readIndex();
const docs = await readDocs();
const RANK = { concept: 0, area: 1, operation: 2, deprecated: 3 } as const;

function kindOf(url: string): keyof typeof RANK {
  const doc = docs.find((d) => d.route.replace(/(.)\/$/, '$1') === url.replace(/(.)\/$/, '$1'));
  const api = doc?.frontMatter.api as { kind: string; deprecated?: boolean } | undefined;
  if (!api) return 'concept';
  if (api.kind === 'area') return 'area';
  return api.deprecated ? 'deprecated' : 'operation';
}

describe('offline search', () => {
  it('finds the Segments concept page first for "segments"', () => {
    expect(search(parts, 'segments')[0]).toBe('/reference/segments');
  });

  it.each(['segments', 'tokens', 'flags', 'projects', 'environments', 'users'])(
    'lists title matches for "%s" as concept pages, then API areas, operations, deprecated operations',
    (query) => {
      const titles = search(parts.slice(0, 1), query);
      const kinds = titles.map(kindOf);
      expect(titles.length, `title matches for "${query}"`).toBeGreaterThan(0);
      const ranks = kinds.map((k) => RANK[k]);
      expect(ranks, titles.join(', ')).toEqual([...ranks].sort((a, b) => a - b));
    },
  );
});

describe('search quality', () => {
  /** What people type, and the page that must be among the first three results. */
  const QUERIES: [string, string][] = [
    ['segments', '/reference/segments'],
    ['constraints', '/reference/constraints'],
    ['api tokens', '/reference/api-tokens'],
    ['variants', '/reference/variants'],
    ['strategy variants', '/reference/strategy-variants'],
    ['stickiness', '/reference/stickiness'],
    ['environments', '/reference/environments'],
    ['projects', '/reference/projects'],
    ['playground', '/reference/playground'],
    ['impression data', '/reference/impression-data'],
    ['dependent flags', '/reference/dependent-flags'],
    ['change requests', '/reference/change-requests'],
    ['service accounts', '/reference/service-accounts'],
    ['personal access tokens', '/reference/personal-access-tokens'],
    ['banners', '/reference/banners'],
    ['maintenance mode', '/reference/maintenance-mode'],
    ['single sign-on', '/reference/sso'],
    ['context', '/reference/unleash-context'],
    ['activation strategies', '/reference/activation-strategies'],
    ['flag types', '/reference/flag-types'],
    ['archive', '/reference/archive'],
    ['events', '/reference/events'],
    ['webhook', '/reference/integrations/webhook'],
    ['node.js sdk', '/reference/sdks/node'],
    ['node sdk', '/reference/sdks/node'],
    ['react', '/reference/sdks/react'],
    ['quickstart', '/quickstart'],
    ['postgresql', '/how-to/how-to-run-on-postgresql'],
    ['configuration', '/using-unleash/deploy/configuration'],
    ['cors', '/using-unleash/troubleshooting/cors'],
    ['email', '/using-unleash/deploy/email'],
  ];

  it('has thirty-one queries', () => expect(QUERIES).toHaveLength(31));

  it.each(QUERIES)('"%s" finds %s in the top three', (query, route) => {
    const top = search(parts, query)
      .slice(0, 3)
      .map((u) => u.replace(/(.)\/$/, '$1'));
    expect(top).toContain(route);
  });
});
