import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { llmsSections, llmsTxt } from './llms-txt';
import { markdownPath, schemaList, toMarkdown } from './markdown-copy';

const dir = mkdtempSync(path.join(tmpdir(), 'md-copy-'));
mkdirSync(path.join(dir, 'examples', 'sdks'), { recursive: true });
mkdirSync(path.join(dir, '_data'), { recursive: true });
writeFileSync(path.join(dir, 'examples', 'sdks', 'hello.mjs'), "console.log('hello');\n");
writeFileSync(
  path.join(dir, '_data', 'op.json'),
  JSON.stringify([
    {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', description: 'Unique.' },
        tags: { type: 'array', items: { type: 'object', properties: { value: { type: 'string' } } } },
      },
    },
  ]),
);

const page = (source: string) =>
  toMarkdown({
    title: 'A page',
    description: 'What it is.',
    source,
    sourceDir: dir,
    examplesDir: path.join(dir, 'examples'),
  });

describe('toMarkdown', () => {
  it('keeps prose and code, drops front matter and imports, inlines samples', () => {
    const md = page(
      [
        '---',
        'title: A page',
        '---',
        "import Sample from '@site/src/components/Sample';",
        '',
        'Some **text**.',
        '',
        '<Sample file="sdks/hello.mjs" />',
        '',
        '```js',
        "import x from 'y';",
        '```',
      ].join('\n'),
    );
    expect(md).toBe(
      [
        '# A page',
        '',
        '> What it is.',
        '',
        'Some **text**.',
        '',
        '```js title="examples/sdks/hello.mjs"',
        "console.log('hello');",
        '```',
        '',
        '```js',
        "import x from 'y';",
        '```',
        '',
      ].join('\n'),
    );
  });

  it('turns an API page into its method, path, field lists and tab labels', () => {
    const md = page(
      [
        "import data from './_data/op.json';",
        '<ApiEndpoint method="post" path={"/api/admin/segments"} operationId={"createSegment"} />',
        '<SchemaView schema={data[0]} />',
        '<Tabs>',
        '<TabItem value="curl" label="curl">',
        'curl it',
        '</TabItem>',
        '</Tabs>',
        '<TryIt operation={data[1]} />',
      ].join('\n'),
    );
    expect(md).toContain('`POST /api/admin/segments`');
    expect(md).toContain('- `name` (string, required): Unique.');
    expect(md).toContain('  - `value` (string)');
    expect(md).toContain('**curl**\n\ncurl it');
    expect(md).not.toMatch(/<\w/);
  });

  it('lists a schema without properties by its type', () => {
    expect(schemaList({ type: 'array', items: { type: 'string' } })).toEqual(['- array of string']);
  });
});

describe('markdownPath', () => {
  it.each([
    ['/', 'index.md'],
    ['/reference/segments', 'reference/segments.md'],
    ['/reference/', 'reference.md'],
  ])('%s → %s', (permalink, file) => expect(markdownPath(permalink)).toBe(file));

  it.each([
    ['/docs/', 'index.md'],
    ['/docs/reference/segments', 'reference/segments.md'],
  ])('%s under the base URL /docs/ → %s', (permalink, file) =>
    expect(markdownPath(permalink, '/docs/')).toBe(file),
  );
});

describe('llms.txt', () => {
  const doc = (id: string, title: string) =>
    ({ id, title, description: `${title}.`, permalink: `/${id}` }) as never;
  const version = {
    docs: [
      doc('index', 'Welcome'),
      doc('reference/segments', 'Segments'),
      doc('academy/intro', 'Academy'),
      doc('orphan', 'Orphan'),
    ],
    sidebars: {
      documentation: [
        { type: 'doc', id: 'index' },
        { type: 'category', label: 'Concepts', items: [{ type: 'doc', id: 'reference/segments' }] },
      ],
      academy: [{ type: 'doc', id: 'academy/intro' }],
    },
  } as never;

  it('lists every doc once, by sidebar section, with its Markdown address and description', () => {
    const sections = llmsSections(version);
    expect(sections.map((s) => [s.title, s.docs.map((d) => d.id)])).toEqual([
      ['Documentation', ['index']],
      ['Concepts', ['reference/segments']],
      ['Academy', ['academy/intro']],
      ['Other pages', ['orphan']],
    ]);
    const text = llmsTxt('Switchyard', 'Flags.', 'https://docs.example.com', '/', sections);
    expect(text).toContain('# Switchyard\n\n> Flags.');
    expect(text).toContain('- [Segments](https://docs.example.com/reference/segments.md): Segments.');
  });

  it('links under the base URL when the site is served from a folder', () => {
    const inFolder = { ...(version as object), docs: [] } as unknown as Parameters<typeof llmsSections>[0];
    inFolder.docs.push(
      ...(version as typeof inFolder).docs.map((d) => ({ ...d, permalink: `/docs${d.permalink}` })),
    );
    const text = llmsTxt('Switchyard', 'Flags.', 'https://cdn.example.com', '/docs/', llmsSections(inFolder));
    expect(text).toContain('(the site root is `https://cdn.example.com/docs/index.md`)');
    expect(text).toContain('- [Segments](https://cdn.example.com/docs/reference/segments.md): Segments.');
  });
});
