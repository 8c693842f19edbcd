import lunr from 'lunr';
import { describe, expect, it } from 'vitest';
import { rankSearchIndex } from './search-ranking';

type Doc = { i: number; t: string; u: string };

function titleIndex(documents: Doc[]) {
  const index = lunr(function () {
    this.ref('i');
    this.field('t');
    for (const doc of documents) this.add({ ...doc, i: String(doc.i) });
  });
  return [{ documents, index: JSON.parse(JSON.stringify(index)) }];
}

function search(parts: ReturnType<typeof titleIndex>, query: string): string[] {
  const index = lunr.Index.load(parts[0]!.index);
  return index.search(query).map((r) => parts[0]!.documents.find((d) => String(d.i) === r.ref)!.u);
}

describe('rankSearchIndex', () => {
  const documents: Doc[] = [
    { i: 1, t: 'Segments', u: '/reference/api/unleash/segments' },
    { i: 2, t: 'List segments (deprecated)', u: '/reference/api/unleash/get-segments-old' },
    { i: 3, t: 'Get segments', u: '/reference/api/unleash/get-segments' },
    { i: 4, t: 'Segments and constraints explained', u: '/reference/segments' },
  ];
  const kinds = new Map([
    ['/reference/api/unleash/segments', 'area' as const],
    ['/reference/api/unleash/get-segments-old/', 'deprecated' as const],
    ['/reference/api/unleash/get-segments', 'operation' as const],
  ]);

  it('ranks concept pages first, then areas and operations, deprecated operations last', () => {
    const parts = titleIndex(documents);
    expect(search(parts, 'segments')[0]).not.toBe('/reference/segments'); // shorter API titles win before ranking
    expect(rankSearchIndex(parts, kinds)).toBe(3);
    expect(search(parts, 'segments')).toEqual([
      '/reference/segments',
      '/reference/api/unleash/segments',
      '/reference/api/unleash/get-segments',
      '/reference/api/unleash/get-segments-old',
    ]);
  });
});
