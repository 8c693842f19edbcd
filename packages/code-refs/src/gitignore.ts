/**
 * The .gitignore rules the scanner needs outside a Git work tree (inside one, Git itself lists the files): blank lines
 * and `#` comments, `!` negation, a leading or inner `/` anchoring to the file's directory, a trailing `/` for
 * directories only, `*`, `?`, `[...]` and `**`.
 */
export interface IgnoreRule {
  readonly negate: boolean;
  readonly directoryOnly: boolean;
  readonly pattern: RegExp;
  /** The directory of the .gitignore, relative to the scanned root, with a trailing slash ('' at the root). */
  readonly base: string;
}

export function parseGitignore(text: string, base: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/(?<!\\)\s+$/, '');
    if (!line || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    if (negate) line = line.slice(1);
    const directoryOnly = line.endsWith('/');
    if (directoryOnly) line = line.slice(0, -1);
    const anchored = line.includes('/');
    if (line.startsWith('/')) line = line.slice(1);
    const body = globToRegex(line);
    rules.push({
      negate,
      directoryOnly,
      base,
      pattern: new RegExp(anchored ? `^${body}$` : `(^|/)${body}$`),
    });
  }
  return rules;
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` any directories, `/**` everything inside.
      if (glob[i + 2] === '/') {
        out += '(?:.*/)?';
        i += 2;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close < 0) out += '\\[';
      else {
        out += `[${glob
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else if (c === '\\' && i + 1 < glob.length) {
      out += escape(glob[i + 1]!);
      i += 1;
    } else out += escape(c);
  }
  return out;
}

const escape = (c: string) => c.replace(/[.+^${}()|[\]\\/]/g, '\\$&');

/** Whether a path (relative to the root, `/`-separated) is ignored; the last matching rule wins, as in Git. */
export function isIgnored(path: string, isDirectory: boolean, rules: readonly IgnoreRule[]): boolean {
  let ignored = false;
  for (const rule of rules) {
    if (!path.startsWith(rule.base)) continue;
    if (rule.directoryOnly && !isDirectory) continue;
    if (rule.pattern.test(path.slice(rule.base.length))) ignored = !rule.negate;
  }
  return ignored;
}
