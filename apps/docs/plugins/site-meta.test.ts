import { describe, expect, it } from 'vitest';
import { toDocEntries, toSidebarEntries, toVersionEntries } from './site-meta';

const doc = (id: string, permalink: string, frontMatter: Record<string, unknown> = {}, sidebar?: string) => ({
  id,
  title: `Title of ${id}`,
  description: `About ${id}.`,
  permalink,
  frontMatter,
  sidebar,
});

const version = {
  versionName: 'current',
  label: 'Next',
  banner: null,
  badge: false,
  noIndex: false,
  className: 'docs-version-current',
  isLast: true,
  docs: [
    doc('index', '/', {}, 'documentation'),
    doc('reference/api/unleash/index', '/reference/api/unleash', {}, 'documentation'),
    doc(
      'reference/api/unleash/generated/x/get-x',
      '/reference/api/unleash/get-x',
      { sidebar_class_name: 'api-method get' },
      'documentation',
    ),
    doc('unleash-academy/introduction', '/unleash-academy/introduction', { displayed_sidebar: 'academy' }),
    doc('hidden', '/hidden'),
  ],
  sidebars: {
    documentation: [
      { type: 'doc', id: 'index', label: 'Welcome' },
      {
        type: 'category',
        label: 'API reference',
        collapsed: true,
        collapsible: true,
        link: { type: 'doc', id: 'reference/api/unleash/index' },
        items: [
          { type: 'doc', id: 'reference/api/unleash/generated/x/get-x', className: 'ignored' },
          { type: 'html', value: '<hr>' },
        ],
      },
      { type: 'link', href: '/unleash-academy/introduction', label: 'Academy', className: 'sidebar-switch' },
      { type: 'link', href: 'https://example.com', label: 'Elsewhere' },
    ],
  },
} as never;

describe('site meta', () => {
  it('writes docs with the sidebar they show', () => {
    expect(toDocEntries(version)).toEqual([
      { id: 'hidden', title: 'Title of hidden', description: 'About hidden.' },
      { id: 'index', title: 'Title of index', description: 'About index.', sidebar: 'documentation' },
      expect.objectContaining({ id: 'reference/api/unleash/generated/x/get-x', sidebar: 'documentation' }),
      expect.objectContaining({ id: 'reference/api/unleash/index' }),
      expect.objectContaining({ id: 'unleash-academy/introduction', sidebar: 'academy' }),
    ]);
  });

  it('turns sidebar items into links and categories with doc ids and hrefs', () => {
    expect(toSidebarEntries(version)).toEqual({
      documentation: [
        { type: 'link', label: 'Welcome', href: '/', docId: 'index' },
        {
          type: 'category',
          label: 'API reference',
          href: '/reference/api/unleash',
          docId: 'reference/api/unleash/index',
          collapsed: true,
          collapsible: true,
          items: [
            {
              type: 'link',
              label: 'Title of reference/api/unleash/generated/x/get-x',
              href: '/reference/api/unleash/get-x',
              docId: 'reference/api/unleash/generated/x/get-x',
              className: 'api-method get',
            },
          ],
        },
        {
          type: 'link',
          label: 'Academy',
          href: '/unleash-academy/introduction',
          docId: 'unleash-academy/introduction',
          className: 'sidebar-switch',
        },
        { type: 'link', label: 'Elsewhere', href: 'https://example.com', docId: null },
      ],
    });
  });

  it('writes all eight version fields', () => {
    expect(toVersionEntries('default', [version])).toEqual([
      {
        pluginId: 'default',
        version: 'current',
        label: 'Next',
        banner: null,
        badge: false,
        noIndex: false,
        className: 'docs-version-current',
        isLast: true,
      },
    ]);
  });
});
