import lunr from 'lunr';
import { describe, expect, it } from 'vitest';
import { splitDottedTerms, type SerializedIndex } from './search-tokens';

function build(titles: string[]): SerializedIndex {
  return JSON.parse(
    JSON.stringify(
      lunr(function () {
        this.ref('i');
        this.field('t');
        titles.forEach((t, i) => this.add({ i: String(i), t }));
      }),
    ),
  ) as SerializedIndex;
}

const stem = (word: string) => lunr.stemmer(new lunr.Token(word, {})).toString();
const refs = (index: SerializedIndex, query: string) =>
  lunr.Index.load(index as never)
    .search(query)
    .map((hit) => hit.ref);

describe('splitDottedTerms', () => {
  const titles = ['Node.js SDK', 'Go SDK', 'Next.js SDK', 'Node pools'];

  it('finds a dotted name by its parts, first when the other words match too', () => {
    const index = build(titles);
    expect(refs(index, 'node sdk')[0]).not.toBe('0');
    expect(splitDottedTerms(index, stem)).toBeGreaterThan(0);
    expect(refs(index, 'node sdk')[0]).toBe('0');
    expect(refs(index, 'node')).toEqual(expect.arrayContaining(['0', '3']));
  });

  it('still finds the dotted name as typed, and changes nothing on a second pass', () => {
    const index = build(titles);
    splitDottedTerms(index, stem);
    expect(refs(index, 'node.js')).toEqual(['0']);
    expect(refs(index, 'next.js')).toEqual(['2']);
    expect(splitDottedTerms(index, stem)).toBe(0);
  });
});
