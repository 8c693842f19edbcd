import { DESCRIPTION_MAX } from '../../plugins/front-matter';

/** YAML front matter; every value is written as JSON, which YAML reads as the same value. */
export function frontMatter(fields: Record<string, unknown>): string {
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}

/**
 * Text from the OpenAPI document as MDX prose: Markdown stays Markdown, but characters MDX would read as JSX or
 * expressions are escaped outside code spans.
 */
export function mdxText(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/\\/g, '\\\\')
            .replace(/[{}]/g, (c) => `\\${c}`)
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;'),
    )
    .join('');
}

/** Text for a table cell: one line, no pipes. */
export function cellText(text: string): string {
  return mdxText(text.replace(/\s*\n\s*/g, ' ')).replace(/\|/g, '\\|');
}

/** A JSX attribute expression holding JSON data. */
export function jsxData(value: unknown): string {
  return `{${JSON.stringify(value)}}`;
}

function firstSentence(text: string): string {
  const paragraph =
    text
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ')
      .trim() ?? '';
  const match = /^(.+?[.!?])(\s|$)/.exec(paragraph);
  return (match?.[1] ?? paragraph).trim();
}

/**
 * A one-sentence description within the front matter limit, ending with a period, optionally followed by a
 * parenthesised suffix that is never cut.
 */
export function oneSentence(text: string, fallback: string, suffix = ''): string {
  const tail = suffix ? ` (${suffix})` : '';
  let sentence = (firstSentence(text) || fallback).replace(/[.!?]+$/, '');
  const room = DESCRIPTION_MAX - tail.length - 1;
  if (sentence.length > room) sentence = `${sentence.slice(0, room - 3).replace(/\s+\S*$/, '')}...`;
  return `${sentence}${tail}${sentence.endsWith('...') && !tail ? '' : '.'}`;
}

/** A fenced code block that cannot be closed early by its content. */
export function fence(language: string, code: string, meta = ''): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}${meta ? ` ${meta}` : ''}\n${code}\n${ticks}`;
}
