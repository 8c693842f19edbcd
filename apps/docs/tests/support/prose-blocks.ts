import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { docsDir } from './site';

/** One fenced code block of a page, as the reader sees it. */
export type ProseBlock = {
  /** The page, relative to docs/. */
  page: string;
  /** Its position among the page's fenced blocks, from 0. */
  index: number;
  /** The line of its opening fence, from 1. */
  line: number;
  lang: string;
  meta: string;
  code: string;
  /** The block right after it when that one is marked as its output (```json output). */
  output?: { lang: string; code: string };
};

const SHELLS = new Set(['bash', 'sh', 'shell']);

/** Whether a reader would paste this block into a terminal: a shell block, or a block with a curl command in it. */
export function isShellBlock(block: ProseBlock): boolean {
  return SHELLS.has(block.lang) || /(^|[|;&(])\s*curl\s/m.test(block.code);
}

/** The value of `name="..."` in a fence's meta string. */
export function metaValue(meta: string, name: string): string | undefined {
  return new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(meta)?.[1];
}

/** The fenced blocks of one MDX page, in page order; a block indented in a list loses the list's indentation. */
export function pageBlocks(page: string, text: string): ProseBlock[] {
  const lines = text.split('\n');
  const blocks: ProseBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})(\S*)\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', fence = '', lang = '', meta = ''] = open;
    const body: string[] = [];
    const start = i;
    for (i++; i < lines.length && lines[i]!.trim() !== fence; i++)
      body.push(lines[i]!.startsWith(indent) ? lines[i]!.slice(indent.length) : lines[i]!.trimStart());
    blocks.push({
      page,
      index: blocks.length,
      line: start + 1,
      lang,
      meta: meta.trim(),
      code: body.join('\n'),
    });
  }
  for (const [n, block] of blocks.entries()) {
    const next = blocks[n + 1];
    if (next && /(^|\s)output(\s|$)/.test(next.meta)) block.output = { lang: next.lang, code: next.code };
  }
  return blocks;
}

/**
 * Every fenced block of every written page under docs/, pages in path order. The API reference pages that the build
 * generates from openapi.json (in `generated/` folders, not committed) are left out: they are not prose.
 */
export function proseBlocks(): ProseBlock[] {
  return readdirSync(docsDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mdx') && !file.split(path.sep).includes('generated'))
    .sort()
    .flatMap((page) => pageBlocks(page, readFileSync(path.join(docsDir, page), 'utf8')));
}
