import { describe, expect, it } from 'vitest';
import rehypeHighlight, { highlight } from './rehype-highlight';

type El = {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: El[];
  value?: string;
};

function textOf(node: El): string {
  return node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('');
}

describe('rehypeHighlight', () => {
  it('turns a code block into token spans and keeps its text', () => {
    const code: El = {
      type: 'element',
      tagName: 'code',
      properties: { className: ['language-bash'], metastring: 'title="x"' },
      children: [{ type: 'text', value: 'curl -X GET "$URL" # fetch' }],
    };
    const tree: El = {
      type: 'root',
      children: [{ type: 'element', tagName: 'pre', properties: {}, children: [code] }],
    };
    rehypeHighlight()(tree as never);
    expect(textOf(code)).toBe('curl -X GET "$URL" # fetch');
    const classes = (code.children ?? [])
      .filter((c) => c.type === 'element')
      .map((c) => (c.properties?.className as string[]).join(' '));
    expect(classes).toContain('token function');
    expect(classes).toContain('token comment');
    expect(code.properties?.metastring).toBe('title="x"');
  });

  it('knows the languages the docs use, by their common names', () => {
    for (const language of [
      'js',
      'ts',
      'tsx',
      'json',
      'python',
      'go',
      'java',
      'csharp',
      'php',
      'ruby',
      'rust',
      'kotlin',
      'swift',
      'dart',
      'yaml',
      'vue',
      'sh',
    ])
      expect(highlight('x = 1', language), language).toBeDefined();
    expect(highlight('plain words', 'no-such-language')).toBeUndefined();
  });

  it('leaves inline code and unknown languages alone', () => {
    const inline: El = {
      type: 'element',
      tagName: 'code',
      properties: { className: ['language-js'] },
      children: [{ type: 'text', value: 'a' }],
    };
    const plain: El = {
      type: 'element',
      tagName: 'code',
      properties: { className: ['language-no-such-language'] },
      children: [{ type: 'text', value: 'b' }],
    };
    const tree: El = {
      type: 'root',
      children: [
        { type: 'element', tagName: 'p', children: [inline] },
        { type: 'element', tagName: 'pre', children: [plain] },
      ],
    };
    rehypeHighlight()(tree as never);
    expect(inline.children).toEqual([{ type: 'text', value: 'a' }]);
    expect(plain.children).toEqual([{ type: 'text', value: 'b' }]);
  });
});
