import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PARSE_FRONT_MATTER } from '@docusaurus/utils';
import { describe, expect, it } from 'vitest';
import { frontMatterProblems } from '../../plugins/front-matter';
import type { OpenApiDocument } from './openapi';
import { renderReference } from './render-reference';

const fixture = JSON.parse(
  readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/openapi.json'),
    'utf8',
  ),
) as OpenApiDocument;

describe('renderReference', () => {
  const files = renderReference(fixture);

  it('is deterministic', () => {
    expect([...renderReference(fixture)]).toEqual([...files]);
  });

  it('writes a page per operation and per area, the areas partial and the sidebar', () => {
    const pages = [...files.keys()].filter((f) => f.endsWith('.mdx') && !f.startsWith('_'));
    expect(pages.filter((f) => f.endsWith('/index.mdx'))).toHaveLength(8);
    expect(pages.length - 8).toBe(23);
    expect(files.has('_areas.mdx')).toBe(true);
    expect(files.get('features/_category_.json')).toContain('"label": "Features"');
  });

  const parse = async (file: string) =>
    (await DEFAULT_PARSE_FRONT_MATTER({ filePath: file, fileContent: files.get(file)! })).frontMatter;

  it('gives every page valid front matter and its route under /reference/api/unleash', async () => {
    for (const file of files.keys()) {
      if (!file.endsWith('.mdx') || file.startsWith('_')) continue;
      const frontMatter = await parse(file);
      expect(frontMatterProblems(frontMatter), file).toEqual([]);
      expect(frontMatter.slug, file).toMatch(/^\/reference\/api\/unleash\/[a-z0-9-]+$/);
    }
    expect(await parse('features/get-all-toggles.mdx')).toMatchObject({
      sidebar_class_name: 'menu__list-item--deprecated api-method get',
      api: { kind: 'operation', method: 'get', deprecated: true, operationId: 'getAllToggles' },
    });
  });

  it('builds the sidebar: an area category linking its page, operations with method classes', () => {
    const sidebar = JSON.parse(files.get('sidebar.json')!);
    const segments = sidebar.find((c: { label: string }) => c.label === 'Segments');
    expect(segments.link).toEqual({ type: 'doc', id: 'reference/api/unleash/generated/segments/index' });
    expect(segments.items.map((i: { className: string }) => i.className)).toEqual([
      'api-method get',
      'api-method post',
      'api-method get',
      'api-method put',
      'api-method delete',
    ]);
  });

  it('keeps large props in a JSON file beside each operation page', () => {
    const page = files.get('features/create-feature.mdx')!;
    const data = JSON.parse(files.get('_data/create-feature.json')!) as { name?: string; in?: string }[][];
    expect(page).toContain("import data from '../_data/create-feature.json';");
    expect(page).toContain('<ParameterTable parameters={data[0]} />');
    expect(data[0]?.[0]).toMatchObject({ name: 'projectId', in: 'path' });
  });

  it('escapes text MDX would read as JSX and keeps code spans', () => {
    const doc: OpenApiDocument = {
      openapi: '3.0.3',
      paths: {
        '/x': {
          get: { operationId: 'x', tags: ['Tags'], summary: 'X', description: 'Use {a} <b> and `{c}`.' },
        },
      },
    };
    const page = renderReference(doc).get('tags/x.mdx')!;
    expect(page).toContain('Use \\{a\\} &lt;b&gt; and `{c}`.');
  });

  it('writes one page per area with every operation as a section for released versions', async () => {
    const areaFiles = renderReference(fixture, 'area-pages');
    expect([...areaFiles.keys()].filter((f) => f.endsWith('.mdx')).sort()).toEqual([
      '_areas.mdx',
      'api-tokens.mdx',
      'client.mdx',
      'features.mdx',
      'frontend-api.mdx',
      'import-export.mdx',
      'operational.mdx',
      'playground.mdx',
      'segments.mdx',
    ]);
    const features = areaFiles.get('features.mdx')!;
    expect(features).toContain('## List all flags (deprecated) (deprecated)');
    expect(features).toContain('### Request samples');
    expect(features).toContain('#### 201 The flag was created.');
    expect(areaFiles.get('_areas.mdx')).toContain('[Features](./features.mdx)');
    expect(features).toContain("import data from './_data/features.json';");
    const data = JSON.parse(areaFiles.get('_data/features.json')!) as unknown[];
    const refs = [...features.matchAll(/\{data\[(\d+)\]\}/g)].map((m) => Number(m[1]));
    expect(refs).toEqual(data.map((_, i) => i)); // every value is used once, in order
    const frontMatter = (await DEFAULT_PARSE_FRONT_MATTER({ filePath: 'f', fileContent: features }))
      .frontMatter;
    expect(frontMatterProblems(frontMatter)).toEqual([]);
    expect(frontMatter.slug).toBe('/reference/api/unleash/features');
  });
});

describe('an operation with a further tag', () => {
  const doc: OpenApiDocument = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    tags: [
      { name: 'Change Requests', description: 'Review changes.' },
      { name: 'Unstable', description: 'May change.' },
    ],
    paths: {
      '/a': {
        get: {
          operationId: 'getActionable',
          tags: ['Change Requests', 'Unstable'],
          summary: 'Count actionable requests',
          description: 'How many.',
        },
      },
    },
  } as OpenApiDocument;
  const files = renderReference(doc);

  it('is documented once, in its first area, and listed in the further one with a link there', () => {
    expect(files.has('change-requests/get-actionable.mdx')).toBe(true);
    expect(files.has('unstable/get-actionable.mdx')).toBe(false);
    const unstable = files.get('unstable/index.mdx')!;
    expect(unstable).toContain('May change.');
    expect(unstable).toContain(
      '[Count actionable requests](../change-requests/get-actionable.mdx) (Change Requests)',
    );
    const sidebar = JSON.parse(files.get('sidebar.json')!);
    const category = sidebar.find((item: { label: string }) => item.label === 'Unstable');
    expect(category.items).toEqual([
      expect.objectContaining({ type: 'link', href: '/reference/api/unleash/get-actionable' }),
    ]);
    const released = renderReference(doc, 'area-pages').get('unstable.mdx')!;
    expect(released).toContain('[Count actionable requests](./change-requests.mdx) (Change Requests)');
  });
});
