import Prism from 'prismjs';
import loadLanguages from 'prismjs/components/index';

/**
 * Syntax highlighting at build time: code blocks leave the build as coloured spans, so pages ship no highlighter
 * (Prism and its languages would add some 35 kB gzip to every page). Colours come from CSS (src/css/code.css).
 */

type Text = { type: 'text'; value: string };
type Element = { type: 'element'; tagName: string; properties: Record<string, unknown>; children: Node[] };
type Node = Text | Element | { type: string; children?: Node[] };

export const LANGUAGES = [
  'markup',
  'bash',
  'javascript',
  'typescript',
  'jsx',
  'tsx',
  'json',
  'python',
  'go',
  'yaml',
  'kotlin',
  'swift',
  'ruby',
  'php',
  'java',
  'dart',
  'csharp',
  'rust',
  'toml',
  'sql',
  'diff',
  'docker',
  'ini',
  'graphql',
];
loadLanguages(LANGUAGES);

const ALIASES: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  sh: 'bash',
  shell: 'bash',
  console: 'bash',
  zsh: 'bash',
  yml: 'yaml',
  html: 'markup',
  xml: 'markup',
  vue: 'markup',
  svelte: 'markup',
  cs: 'csharp',
  py: 'python',
  rb: 'ruby',
  kt: 'kotlin',
  rs: 'rust',
  dockerfile: 'docker',
};

export function grammarFor(language: string): Prism.Grammar | undefined {
  const name = ALIASES[language] ?? language;
  return Prism.languages[name];
}

function toHast(token: string | Prism.Token): Node {
  if (typeof token === 'string') return { type: 'text', value: token };
  const aliases = Array.isArray(token.alias) ? token.alias : token.alias ? [token.alias] : [];
  const content = Array.isArray(token.content) ? token.content : [token.content];
  return {
    type: 'element',
    tagName: 'span',
    properties: { className: ['token', token.type, ...aliases] },
    children: content.map(toHast),
  };
}

/** The tokens of `code` as HAST nodes, or undefined for a language we do not highlight. */
export function highlight(code: string, language: string): Node[] | undefined {
  const grammar = grammarFor(language);
  return grammar ? Prism.tokenize(code, grammar).map(toHast) : undefined;
}

function languageOf(element: Element): string | undefined {
  const className = element.properties.className;
  const classes = Array.isArray(className)
    ? className
    : typeof className === 'string'
      ? className.split(' ')
      : [];
  const match = classes.map(String).find((c) => c.startsWith('language-'));
  return match?.slice('language-'.length);
}

function visit(node: Node, parent: Node | undefined): void {
  if (
    node.type === 'element' &&
    (node as Element).tagName === 'code' &&
    parent &&
    (parent as Element).tagName === 'pre'
  ) {
    const code = node as Element;
    const language = languageOf(code);
    const text = code.children.every((c) => c.type === 'text')
      ? code.children.map((c) => (c as Text).value).join('')
      : undefined;
    const tokens = language && text !== undefined ? highlight(text, language) : undefined;
    if (tokens) code.children = tokens;
    return;
  }
  for (const child of 'children' in node ? (node.children ?? []) : []) visit(child, node);
}

export default function rehypeHighlight() {
  return (tree: Node) => visit(tree, undefined);
}
