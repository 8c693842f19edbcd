/**
 * Dotted names in the search index: lunr keeps "Node.js" as one term ("node.j" once stemmed), so a reader typing
 * "node sdk" never reaches the Node.js SDK page. This pass gives every page that has a dotted term its parts as terms
 * too ("node"), with the same positions and weight, and changes nothing else: the search client and the ranking are
 * untouched, and "node.js" still matches as before.
 */

type Postings = Record<string, Record<string, unknown>>;
type Posting = { _index: number } & Record<string, Postings | number>;
export type SerializedIndex = {
  fields: string[];
  fieldVectors: [string, number[]][];
  invertedIndex: [string, Posting][];
};

const DOTTED = /^[a-z0-9]+(\.[a-z0-9]+)+$/;

/** Adds the parts of dotted terms (at least two characters, with a letter) to one serialized lunr index. */
export function splitDottedTerms(index: SerializedIndex, stem: (word: string) => string): number {
  const entries = new Map(index.invertedIndex.map(([term, posting]) => [term, posting]));
  const vectors = new Map(index.fieldVectors.map((entry) => [entry[0], entry]));
  let next = Math.max(-1, ...index.invertedIndex.map(([, p]) => p._index)) + 1;
  let added = 0;
  for (const [term, posting] of index.invertedIndex.filter(([term]) => DOTTED.test(term))) {
    const parts = term
      .split('.')
      .filter((part) => part.length >= 2 && /[a-z]/.test(part))
      .map(stem);
    for (const part of parts) {
      let target = entries.get(part);
      if (!target) {
        target = { _index: next++ };
        for (const field of index.fields) target[field] = {};
        entries.set(part, target);
      }
      for (const field of index.fields) {
        const from = posting[field] as Postings;
        const to = target[field] as Postings;
        for (const [ref, metadata] of Object.entries(from)) {
          if (to[ref]) continue;
          to[ref] = metadata;
          added += 1;
          const vector = vectors.get(`${field}/${ref}`)?.[1];
          if (!vector) continue;
          const at = vector.findIndex((n, i) => i % 2 === 0 && n === posting._index);
          if (at === -1 || vector.some((n, i) => i % 2 === 0 && n === target._index)) continue;
          // Vectors are flat [termIndex, value, ...] sorted by term index, as lunr's dot product walks them.
          let insert = 0;
          while (insert < vector.length && vector[insert]! < target._index) insert += 2;
          vector.splice(insert, 0, target._index, vector[at + 1]!);
        }
      }
    }
  }
  // lunr rebuilds its token set from this list and needs it in order.
  index.invertedIndex = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return added;
}
