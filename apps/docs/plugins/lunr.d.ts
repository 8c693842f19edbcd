/**
 * The few lunr APIs the search ranking and dotted-term passes use (lunr ships no types; it comes with the local search
 * plugin).
 */
declare module 'lunr' {
  type Builder = {
    ref(name: string): void;
    field(name: string): void;
    add(doc: Record<string, unknown>): void;
  };
  type Index = { search(query: string): { ref: string; score: number }[] };
  function lunr(config: (this: Builder, builder: Builder) => void): Index;
  namespace lunr {
    const Index: { load(serialized: unknown): Index };
    class Token {
      constructor(text: string, metadata: Record<string, unknown>);
    }
    function stemmer(token: Token): Token;
  }
  export default lunr;
}
