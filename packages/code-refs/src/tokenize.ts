import type { LanguageRules } from './languages.ts';

/**
 * A small tokenizer for the languages that are not JavaScript. It knows only what finding call sites needs: comments
 * (dropped), string literals (one token holding the decoded text, so a call's name inside a string is never read as
 * code), identifiers, and single punctuation characters. Interpolated strings are read as plain strings: a flag named
 * inside an interpolation is not a literal argument anyway.
 */
export type Token =
  | { readonly kind: 'identifier'; readonly text: string; readonly offset: number }
  | { readonly kind: 'string'; readonly text: string; readonly offset: number }
  | { readonly kind: 'punctuation'; readonly text: string; readonly offset: number };

const identifierStart = /[A-Za-z_$\p{L}]/u;
const identifierPart = /[A-Za-z0-9_$\p{L}\p{N}]/u;

export function tokenize(source: string, rules: LanguageRules): Token[] {
  const tokens: Token[] = [];
  const hash = rules.family === 'hash';
  let i = 0;
  const n = source.length;
  const startsWith = (s: string, at = i) => source.startsWith(s, at);

  /** Reads a quoted string from i (at the opening quote); returns its decoded text. */
  const quoted = (quote: string, escapes: boolean): string => {
    let text = '';
    i += quote.length;
    while (i < n && !startsWith(quote)) {
      const c = source[i]!;
      if (escapes && c === '\\' && i + 1 < n) {
        text += source[i + 1];
        i += 2;
        continue;
      }
      // A single-line string ends at the line's end even unclosed, so one bad literal cannot swallow the file.
      if (quote.length === 1 && c === '\n') return text;
      text += c;
      i += 1;
    }
    i += quote.length;
    return text;
  };

  while (i < n) {
    const c = source[i]!;
    const start = i;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i += 1;
      continue;
    }
    // Comments.
    if (hash && c === '#') {
      while (i < n && source[i] !== '\n') i += 1;
      continue;
    }
    if (rules.language === 'ruby' && startsWith('=begin') && (i === 0 || source[i - 1] === '\n')) {
      const end = source.indexOf('\n=end', i);
      i = end < 0 ? n : end + 5;
      continue;
    }
    if (!hash && (startsWith('//') || (rules.language === 'php' && c === '#' && !startsWith('#[')))) {
      while (i < n && source[i] !== '\n') i += 1;
      continue;
    }
    if (!hash && startsWith('/*')) {
      let depth = 0;
      while (i < n) {
        if (startsWith('/*')) {
          depth += 1;
          i += 2;
        } else if (startsWith('*/')) {
          i += 2;
          depth -= 1;
          if (depth === 0 || !rules.nestedComments) break;
        } else i += 1;
      }
      continue;
    }
    // String literals, with the prefixes and forms each language has.
    const string = readString();
    if (string !== undefined) {
      tokens.push({ kind: 'string', text: string, offset: start });
      continue;
    }
    if (identifierStart.test(c)) {
      while (i < n && identifierPart.test(source[i]!)) i += 1;
      // Ruby's predicate and bang methods: `is_enabled?`, `save!`.
      if (rules.language === 'ruby' && (source[i] === '?' || source[i] === '!') && source[i + 1] !== '=')
        i += 1;
      tokens.push({ kind: 'identifier', text: source.slice(start, i), offset: start });
      continue;
    }
    tokens.push({ kind: 'punctuation', text: c, offset: start });
    i += 1;
  }
  return tokens;

  function readString(): string | undefined {
    const c = source[i]!;
    const lang = rules.language;
    // Python prefixes (r, b, f, u and pairs); a raw string keeps its backslashes.
    if (lang === 'python') {
      const prefix = /^[rRbBuUfF]{0,2}(?=['"])/.exec(source.slice(i, i + 3));
      if (prefix && (prefix[0].length > 0 || c === '"' || c === "'")) {
        const raw = /[rR]/.test(prefix[0]);
        i += prefix[0].length;
        const q = source[i]!;
        const quote = startsWith(q.repeat(3)) ? q.repeat(3) : q;
        return quoted(quote, !raw);
      }
      return undefined;
    }
    if (lang === 'rust') {
      const raw = /^(b?r)(#*)"/.exec(source.slice(i, i + 12));
      if (raw) {
        i += raw[1]!.length + raw[2]!.length + 1;
        const end = `"${raw[2]}`;
        const close = source.indexOf(end, i);
        const text = source.slice(i, close < 0 ? n : close);
        i = close < 0 ? n : close + end.length;
        return text;
      }
      if (c === 'b' && source[i + 1] === '"') i += 1;
      if (source[i] === '"') return quoted('"', true);
      // 'a' is a char, but 'a (no closing quote soon) is a lifetime: skip both as punctuation-like tokens.
      if (c === "'") {
        const close = /^'(\\.|[^\\'\n])'/.exec(source.slice(i, i + 12));
        if (close) {
          i += close[0].length;
          return close[1];
        }
      }
      return undefined;
    }
    if (lang === 'csharp' && /^(\$@|@\$|@|\$)"/.test(source.slice(i, i + 3))) {
      const verbatim = source.slice(i, i + 2).includes('@');
      while (source[i] !== '"') i += 1;
      if (startsWith('"""')) return quoted('"""', false);
      return verbatim ? quoted('"', false) : quoted('"', true);
    }
    if (lang === 'go' && c === '`') return quoted('`', false);
    if (lang === 'dart' && c === 'r' && (source[i + 1] === '"' || source[i + 1] === "'")) {
      i += 1;
      const q = source[i]!;
      return quoted(startsWith(q.repeat(3)) ? q.repeat(3) : q, false);
    }
    if (lang === 'swift' && c === '#' && /^#+"/.test(source.slice(i, i + 8))) {
      const hashes = /^#+/.exec(source.slice(i))![0];
      i += hashes.length;
      const quote = startsWith('"""') ? '"""' : '"';
      const text = quoted(quote, false);
      i += hashes.length;
      return text;
    }
    if (c === '"' || c === "'") {
      const tripled =
        (lang === 'kotlin' || lang === 'swift' || lang === 'dart' || lang === 'csharp') &&
        startsWith(c.repeat(3));
      if (tripled) return quoted(c.repeat(3), lang !== 'kotlin');
      // Go's and Java's 'x' are characters, but reading them as strings is harmless: a flag is never one.
      return quoted(c, true);
    }
    return undefined;
  }
}
