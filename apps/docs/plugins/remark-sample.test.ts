import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import remarkSample from './remark-sample';

const examplesDir = mkdtempSync(path.join(tmpdir(), 'examples-'));
mkdirSync(path.join(examplesDir, 'sdks'));
writeFileSync(path.join(examplesDir, 'sdks', 'node-basic.mjs'), "console.log('hi');\n");
afterAll(() => rmSync(examplesDir, { recursive: true, force: true }));

type Attr = { type: string; name: string; value: unknown };
const sample = (file: unknown) => ({
  type: 'mdxJsxFlowElement',
  name: 'Sample',
  attributes: [{ type: 'mdxJsxAttribute', name: 'file', value: file }] as Attr[],
  children: [],
});

describe('remarkSample', () => {
  const transform = remarkSample({ examplesDir });

  it('turns a block <Sample> into a code block titled with the file', () => {
    const tree = { type: 'root', children: [sample('sdks/node-basic.mjs')] };
    transform(tree, { path: 'page.mdx' });
    expect(tree.children).toEqual([
      { type: 'code', lang: 'js', meta: 'title="examples/sdks/node-basic.mjs"', value: "console.log('hi');" },
    ]);
  });

  it('inlines the file and its language into a <Sample> inside a paragraph', () => {
    const node = { ...sample('sdks/node-basic.mjs'), type: 'mdxJsxTextElement' };
    transform({ type: 'root', children: [{ type: 'paragraph', children: [node] }] }, { path: 'page.mdx' });
    expect(node.attributes).toEqual([
      { type: 'mdxJsxAttribute', name: 'file', value: 'sdks/node-basic.mjs' },
      { type: 'mdxJsxAttribute', name: 'code', value: "console.log('hi');\n" },
      { type: 'mdxJsxAttribute', name: 'language', value: 'js' },
    ]);
  });

  it('fails the build for a missing file or one outside examples/', () => {
    expect(() =>
      transform({ type: 'root', children: [sample('sdks/nope.mjs')] }, { path: 'page.mdx' }),
    ).toThrow(/no such file under examples/);
    expect(() => transform({ type: 'root', children: [sample('../package.json')] }, {})).toThrow(
      /no such file/,
    );
    expect(() => transform({ type: 'root', children: [sample({ expression: 'x' })] }, {})).toThrow(
      /literal file/,
    );
  });
});
