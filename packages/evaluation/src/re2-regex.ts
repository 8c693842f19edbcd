/**
 * REGEX constraints use RE2 syntax (the SDKs compile them with RE2 or RE2JS). JavaScript has no RE2, so
 * this translates an RE2 pattern into an equivalent `RegExp` with the `u` flag, and refuses what RE2
 * refuses (lookaround, backreferences), so a pattern never matches here that would not compile there.
 *
 * One approximation: `(?i)` anywhere turns on case-insensitivity for the whole pattern, because
 * JavaScript engines before 2025 cannot scope it. `(?s)` and `(?m)` are scoped exactly.
 */

type Range = readonly [number, number];

const POSIX_CLASSES: Record<string, Range[]> = {
  alnum: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  alpha: [
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  ascii: [[0x00, 0x7f]],
  blank: [
    [0x09, 0x09],
    [0x20, 0x20],
  ],
  cntrl: [
    [0x00, 0x1f],
    [0x7f, 0x7f],
  ],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [
    [0x21, 0x2f],
    [0x3a, 0x40],
    [0x5b, 0x60],
    [0x7b, 0x7e],
  ],
  space: [
    [0x09, 0x0d],
    [0x20, 0x20],
  ],
  upper: [[0x41, 0x5a]],
  word: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
    [0x5f, 0x5f],
  ],
  xdigit: [
    [0x30, 0x39],
    [0x41, 0x46],
    [0x61, 0x66],
  ],
};
/** RE2's `\s` is ASCII only, narrower than JavaScript's. */
const PERL_SPACE: Range[] = [
  [0x09, 0x0a],
  [0x0c, 0x0d],
  [0x20, 0x20],
];
const MAX_CODE_POINT = 0x10ffff;
const JS_SYNTAX = '^$\\.*+?()[]{}|/-';

class Re2SyntaxError extends Error {}

function fail(message: string): never {
  throw new Re2SyntaxError(message);
}

function codePoint(code: number): string {
  return `\\u{${code.toString(16)}}`;
}

function renderRanges(ranges: readonly Range[]): string {
  return ranges
    .map(([low, high]) => (low === high ? codePoint(low) : `${codePoint(low)}-${codePoint(high)}`))
    .join('');
}

function complement(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((left, right) => left[0] - right[0]);
  const result: Range[] = [];
  let next = 0;
  for (const [low, high] of sorted) {
    if (low > next) result.push([next, low - 1]);
    next = Math.max(next, high + 1);
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT]);
  return result;
}

function unicodeProperty(name: string, negated: boolean): string {
  if (name === 'Any') return negated ? '[^\\s\\S]' : '[\\s\\S]';
  // One or two letters name a general category; anything longer is a script in RE2.
  const property = name.length <= 2 ? name : `Script=${name}`;
  return `\\${negated ? 'P' : 'p'}{${property}}`;
}

/** Translation state: the pattern, a cursor, and the (?s)/(?m) flags of each open group. */
class Translator {
  private index = 0;
  private readonly flags: { dotAll: boolean; multiLine: boolean }[] = [{ dotAll: false, multiLine: false }];
  insensitive = false;

  constructor(private readonly pattern: string) {}

  private get current(): { dotAll: boolean; multiLine: boolean } {
    return this.flags[this.flags.length - 1] ?? fail('unbalanced group');
  }

  private peek(offset = 0): string {
    return this.pattern[this.index + offset] ?? '';
  }

  translate(): string {
    let out = '';
    while (this.index < this.pattern.length) out += this.next();
    if (this.flags.length !== 1) fail('missing )');
    return out;
  }

  private next(): string {
    const char = this.pattern[this.index++] ?? '';
    switch (char) {
      case '\\':
        return this.escape();
      case '[':
        return this.characterClass();
      case '(':
        return this.openGroup();
      case ')':
        if (this.flags.length === 1) fail('unexpected )');
        this.flags.pop();
        return ')';
      case '.':
        return this.current.dotAll ? '[\\s\\S]' : '[^\\n]';
      case '^':
        return this.current.multiLine ? '(?<=^|\\n)' : '^';
      case '$':
        return this.current.multiLine ? '(?=\\n|$)' : '$';
      case '{':
        return this.repeat();
      case '}':
      case ']':
        return `\\${char}`;
      default:
        return char; // includes * + ? |, which mean the same in both syntaxes
    }
  }

  private repeat(): string {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.pattern.slice(this.index - 1));
    if (!match) return '\\{'; // RE2 reads a "{" that starts no valid repeat as a literal
    const min = Number(match[1]);
    const max = match[3] ? Number(match[3]) : min;
    if (min > 1000 || max > 1000 || max < min) fail('bad repetition');
    this.index += match[0].length - 1;
    return match[0];
  }

  private openGroup(): string {
    const current = this.current;
    if (this.peek() !== '?') {
      this.flags.push({ ...current });
      return '(';
    }
    this.index += 1;
    const named = /^P?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(this.pattern.slice(this.index));
    if (named) {
      this.index += named[0].length;
      this.flags.push({ ...current });
      return `(?<${named[1]}>`;
    }
    const flagGroup = /^([imsU]*)(?:-([imsU]*))?([:)])/.exec(this.pattern.slice(this.index));
    if (!flagGroup) fail('unsupported group'); // lookahead, lookbehind and the like
    this.index += flagGroup[0].length;
    const [, on = '', off = '', end] = flagGroup;
    if (on.includes('U') || off.includes('U')) fail('ungreedy mode is not supported');
    if (on.includes('i')) this.insensitive = true;
    const flags = {
      dotAll: on.includes('s') ? true : off.includes('s') ? false : current.dotAll,
      multiLine: on.includes('m') ? true : off.includes('m') ? false : current.multiLine,
    };
    if (end === ')') {
      // (?flags) applies to the rest of the enclosing group.
      this.flags[this.flags.length - 1] = flags;
      return '';
    }
    this.flags.push(flags);
    return '(?:';
  }

  /** Escapes that mean the same inside and outside a class; undefined when not one of those. */
  private commonEscape(char: string): string | undefined {
    if ('dDwW'.includes(char)) return `\\${char}`;
    if ('ntrfv'.includes(char)) return `\\${char}`;
    if (char === 'a') return codePoint(7);
    if (char === 'x') return this.hexEscape();
    if (char === 'p' || char === 'P') return this.propertyEscape(char === 'P');
    if (char >= '0' && char <= '7') return this.octalEscape(char);
    if (char >= '8' && char <= '9') fail('backreferences are not supported');
    if (/[A-Za-z0-9]/.test(char)) return undefined;
    if (char === '') fail('trailing backslash');
    return JS_SYNTAX.includes(char) ? `\\${char}` : char;
  }

  private escape(): string {
    const char = this.pattern[this.index++] ?? '';
    if (char === 's') return `[${renderRanges(PERL_SPACE)}]`;
    if (char === 'S') return `[^${renderRanges(PERL_SPACE)}]`;
    if (char === 'b' || char === 'B') return `\\${char}`;
    if (char === 'A') return '^';
    if (char === 'z') return '$';
    if (char === 'Q') return this.quoted();
    if (char === '-') return '-'; // "\-" is only a valid escape inside a class under the u flag
    return this.commonEscape(char) ?? fail(`invalid escape \\${char}`);
  }

  private quoted(): string {
    const end = this.pattern.indexOf('\\E', this.index);
    const text = this.pattern.slice(this.index, end === -1 ? undefined : end);
    this.index = end === -1 ? this.pattern.length : end + 2;
    return [...text].map((char) => codePoint(char.codePointAt(0) ?? 0)).join('');
  }

  private hexEscape(): string {
    const braced = /^\{([0-9A-Fa-f]{1,6})\}/.exec(this.pattern.slice(this.index));
    const short = /^[0-9A-Fa-f]{2}/.exec(this.pattern.slice(this.index));
    const match = braced ?? short ?? fail('bad \\x escape');
    this.index += match[0].length;
    const code = parseInt(braced ? (braced[1] ?? '') : match[0], 16);
    if (code > MAX_CODE_POINT) fail('bad \\x escape');
    return codePoint(code);
  }

  private propertyEscape(negated: boolean): string {
    const match = /^(?:\{(\^?)([A-Za-z_]+)\}|([A-Za-z]))/.exec(this.pattern.slice(this.index));
    if (!match) fail('bad \\p escape');
    this.index += match[0].length;
    return unicodeProperty(match[2] ?? match[3] ?? '', negated !== (match[1] === '^'));
  }

  private octalEscape(first: string): string {
    // RE2 reads \0 and \1-\7 followed by more digits as octal; a lone \1-\7 would be a backreference.
    const digits = /^[0-7]{0,2}/.exec(this.pattern.slice(this.index))?.[0] ?? '';
    if (first !== '0' && digits === '') fail('backreferences are not supported');
    this.index += digits.length;
    return codePoint(parseInt(first + digits, 8));
  }

  private characterClass(): string {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.index += 1;
    }
    let body = '';
    let first = true;
    while (first || this.peek() !== ']') {
      if (this.index >= this.pattern.length) fail('missing ]');
      body += this.classItem(first);
      first = false;
    }
    this.index += 1;
    return `[${negated ? '^' : ''}${body}]`;
  }

  private classItem(first: boolean): string {
    const posix = /^\[:(\^?)([a-z]+):\]/.exec(this.pattern.slice(this.index));
    if (posix) {
      const ranges = POSIX_CLASSES[posix[2] ?? ''] ?? fail('unknown POSIX class');
      this.index += posix[0].length;
      return renderRanges(posix[1] === '^' ? complement(ranges) : ranges);
    }
    const char = this.pattern[this.index++] ?? '';
    if (char === '\\') {
      const escaped = this.pattern[this.index++] ?? '';
      if (escaped === 's') return renderRanges(PERL_SPACE);
      if (escaped === 'S') return renderRanges(complement(PERL_SPACE));
      return this.commonEscape(escaped) ?? fail(`invalid escape \\${escaped} in class`);
    }
    if (char === ']' && first) return '\\]'; // "[]a]" holds "]" and "a" in RE2
    if (char === '[') return '\\[';
    return char;
  }
}

/**
 * Compiles an RE2 pattern for an unanchored search, or returns undefined when RE2 would reject it
 * (or JavaScript cannot express it), which makes the constraint false.
 */
export function compileRe2(pattern: string, caseInsensitive = false): RegExp | undefined {
  try {
    const translator = new Translator(pattern);
    const source = translator.translate();
    return new RegExp(source, caseInsensitive || translator.insensitive ? 'iu' : 'u');
  } catch {
    return undefined;
  }
}
