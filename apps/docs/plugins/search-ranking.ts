/**
 * Search ranking: the local search plugin scores pages with lunr, where a document's score is the dot product of the
 * query with the document's field vector, divided by the query's magnitude. Scaling a page's field vectors therefore
 * scales its score, which lets us rank concept pages above API operation pages, and deprecated operations last,
 * without touching the search client.
 */

/** Score multipliers by page kind; pages not listed keep 1. */
export const RANK_WEIGHTS = { area: 0.5, operation: 0.35, deprecated: 0.05 } as const;
export type RankedKind = keyof typeof RANK_WEIGHTS;

type SearchDocument = { i: number; u: string };
type SerializedLunr = { fieldVectors: [string, number[]][] };
type SearchIndexPart = { documents: SearchDocument[]; index: SerializedLunr };

function normalizeUrl(url: string): string {
  return url.length > 1 ? url.replace(/\/$/, '') : url;
}

/** Rescales the field vectors of the documents whose page URL has a kind; returns how many vectors changed. */
export function rankSearchIndex(parts: SearchIndexPart[], kindByUrl: Map<string, RankedKind>): number {
  const kinds = new Map([...kindByUrl].map(([url, kind]) => [normalizeUrl(url), kind]));
  let changed = 0;
  for (const { documents, index } of parts) {
    const weightByRef = new Map<string, number>();
    for (const doc of documents) {
      const kind = kinds.get(normalizeUrl(doc.u.split('#')[0] ?? doc.u));
      if (kind) weightByRef.set(String(doc.i), RANK_WEIGHTS[kind]);
    }
    for (const entry of index.fieldVectors) {
      const ref = entry[0].slice(entry[0].indexOf('/') + 1);
      const weight = weightByRef.get(ref);
      if (weight === undefined) continue;
      // Vectors are flat [termIndex, value, termIndex, value, ...]; only the values scale.
      entry[1] = entry[1].map((n, i) => (i % 2 === 1 ? n * weight : n));
      changed += 1;
    }
  }
  return changed;
}
