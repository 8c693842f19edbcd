import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { VERSION_DATA } from './light-client';

const leanVersionData = createRequire(import.meta.url)('./lean-version-data-loader.cjs') as (
  source: string,
) => string;

describe('lean version data', () => {
  it('drops doc descriptions from the version data and keeps everything else', () => {
    const source = JSON.stringify({
      version: {
        version: 'current',
        docsSidebars: { documentation: [{ type: 'link', href: '/x', label: 'X', docId: 'x' }] },
        docs: {
          x: { id: 'x', title: 'X', description: 'A long sentence about X.', sidebar: 'documentation' },
        },
      },
    });
    const lean = JSON.parse(leanVersionData(source));
    expect(lean.version.docs).toEqual({ x: { id: 'x', title: 'X', sidebar: 'documentation' } });
    expect(lean.version.docsSidebars).toEqual(JSON.parse(source).version.docsSidebars);
    expect(JSON.parse(leanVersionData('{"other":{"description":"kept"}}'))).toEqual({
      other: { description: 'kept' },
    });
  });

  it('applies to the version data files only', () => {
    expect(
      VERSION_DATA.test('/site/.docusaurus/docusaurus-plugin-content-docs/default/p/index-466.json'),
    ).toBe(true);
    expect(
      VERSION_DATA.test('C:\\site\\.docusaurus\\docusaurus-plugin-content-docs\\default\\p\\0-1-7e9.json'),
    ).toBe(true);
    expect(
      VERSION_DATA.test('/site/.docusaurus/docusaurus-plugin-content-docs/default/site-docs-a-mdx-1.json'),
    ).toBe(false);
  });
});
