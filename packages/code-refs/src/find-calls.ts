import ts from 'typescript';
import { javascriptMethods, rulesOf, type Language } from './languages.ts';
import { tokenize, type Token } from './tokenize.ts';

/** One flag named at an SDK call site: 1-based line and column of the flag's name. */
export interface CallSite {
  readonly flag: string;
  readonly line: number;
  readonly column: number;
  /** The SDK method called: `isEnabled`, `useFlag`, `is_enabled?`... */
  readonly method: string;
}

/** The call sites in one file's source. */
export function findCalls(source: string, language: Language, fileName = 'file.ts'): CallSite[] {
  return language === 'javascript' ? findJavaScriptCalls(source, fileName) : findTokenCalls(source, language);
}

function position(source: string, offset: number) {
  let line = 1;
  let lineStart = 0;
  for (let i = source.indexOf('\n'); i >= 0 && i < offset; i = source.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Vue and Svelte files: only their `<script>` blocks are code. The rest is blanked (newlines kept) so positions stay
 * those of the original file.
 */
function scriptBlocks(source: string): string {
  let out = '';
  let at = 0;
  const re = /<script\b[^>]*>([\s\S]*?)<\/script>/g;
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const bodyStart = m.index + m[0].indexOf('>') + 1;
    out += blank(source.slice(at, bodyStart)) + m[1];
    at = bodyStart + m[1]!.length;
  }
  return out + blank(source.slice(at));
}

function findJavaScriptCalls(original: string, fileName: string): CallSite[] {
  const source = /\.(vue|svelte)$/i.test(fileName) ? scriptBlocks(original) : original;
  const kind = /\.[cm]?jsx?$/i.test(fileName) ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const sites: CallSite[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const method = calledName(node.expression);
      const first = node.arguments[0];
      if (method && javascriptMethods.has(method) && first && ts.isStringLiteralLike(first)) {
        const { line, character } = file.getLineAndCharacterOfPosition(first.getStart(file));
        sites.push({ flag: first.text, line: line + 1, column: character + 1, method });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return sites;
}

/** `isEnabled(...)`, `unleash.isEnabled(...)`, `client?.isEnabled(...)`, `unleash['isEnabled'](...)`. */
function calledName(callee: ts.Expression): string | undefined {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression))
    return callee.argumentExpression.text;
  return undefined;
}

/**
 * A call whose first argument is a literal: `name ( "flag" ,|)` with, per language, an optional label (`name:`), no
 * parentheses (Ruby), or an enum path (`Features::flag`, Rust). A dynamic first argument (`"a" + b`) is no reference.
 */
function findTokenCalls(source: string, language: Exclude<Language, 'javascript'>): CallSite[] {
  const rules = rulesOf(language);
  const tokens = tokenize(source, rules);
  const sites: CallSite[] = [];
  const at = (i: number): Token | undefined => tokens[i];
  const is = (i: number, text: string) => at(i)?.kind === 'punctuation' && at(i)?.text === text;
  /** The argument ends here: a comma, the closing parenthesis, or (bare Ruby) the end of the line or a block. */
  const ends = (i: number, bare: boolean, previous: Token): boolean => {
    const next = at(i);
    if (!next) return bare;
    if (is(i, ',') || is(i, ')')) return true;
    if (!bare) return false;
    if (next.kind === 'identifier' && (next.text === 'do' || next.text === 'then' || next.text === 'if'))
      return true;
    if (is(i, '{')) return true;
    return source.slice(previous.offset, next.offset).includes('\n');
  };
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.kind !== 'identifier' || !rules.methods.has(token.text)) continue;
    // A declaration of a method with that name is no call: `func IsEnabled(`, `def is_enabled(`, `fn is_enabled(`.
    const before = at(i - 1);
    if (
      before?.kind === 'identifier' &&
      /^(def|func|fn|fun|function|void|bool|boolean|Boolean|Bool)$/.test(before.text)
    )
      continue;
    let j = i + 1;
    let bare = false;
    if (is(j, '(')) j += 1;
    else if (rules.bareArguments && at(j)?.kind === 'string') bare = true;
    else continue;
    if (rules.label && at(j)?.kind === 'identifier' && at(j)?.text === rules.label && is(j + 1, ':')) j += 2;
    if (rules.enumPaths && is(j, '&')) j += 1;
    const argument = at(j);
    if (!argument) continue;
    if (argument.kind === 'string' && ends(j + 1, bare, argument)) {
      sites.push({ flag: argument.text, ...position(source, argument.offset), method: token.text });
      continue;
    }
    if (rules.enumPaths && argument.kind === 'identifier') {
      // Rust: `Features::checkout` (or `&Features::checkout`, a path of any length); the flag is the last segment.
      let k = j;
      let last: Token = argument;
      while (is(k + 1, ':') && is(k + 2, ':') && at(k + 3)?.kind === 'identifier') {
        k += 3;
        last = at(k)!;
      }
      if (k > j && ends(k + 1, false, last))
        sites.push({ flag: last.text, ...position(source, last.offset), method: token.text });
    }
  }
  return sites;
}
