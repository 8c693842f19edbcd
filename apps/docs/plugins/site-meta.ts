import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedContent, LoadedVersion } from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** The documentation metadata entities of the site spec, as written to build/meta/*.json. */
export type DocEntry = { id: string; title: string; description: string; sidebar?: string };
export type SidebarEntry = {
  type: 'link' | 'category';
  label: string;
  href: string | null;
  docId: string | null;
  className?: string;
  collapsed?: boolean;
  collapsible?: boolean;
  items?: SidebarEntry[];
};
export type VersionEntry = {
  pluginId: string;
  version: string;
  label: string;
  banner: 'unreleased' | 'unmaintained' | null;
  badge: boolean;
  noIndex: boolean;
  className: string;
  isLast: boolean;
};

type SidebarItem = LoadedVersion['sidebars'][string][number];
type Doc = LoadedVersion['docs'][number];

export function toDocEntries(version: LoadedVersion): DocEntry[] {
  return version.docs
    .map((doc) => {
      const sidebar = (doc.frontMatter.displayed_sidebar as string | undefined) ?? doc.sidebar;
      return { id: doc.id, title: doc.title, description: doc.description, ...(sidebar && { sidebar }) };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Sidebars as the browser receives them: doc items become links carrying their doc id. */
export function toSidebarEntries(version: LoadedVersion): Record<string, SidebarEntry[]> {
  const docs = new Map<string, Doc>(version.docs.map((d) => [d.id, d]));
  const docOf = (id: string): Doc => {
    const doc = docs.get(id);
    if (!doc) throw new Error(`sidebar names a missing doc "${id}"`);
    return doc;
  };
  const convert = (item: SidebarItem): SidebarEntry[] => {
    if (item.type === 'doc' || item.type === 'ref') {
      const doc = docOf(item.id);
      const className = (doc.frontMatter.sidebar_class_name as string | undefined) ?? item.className;
      return [
        {
          type: 'link',
          label: doc.frontMatter.sidebar_label ?? item.label ?? doc.title,
          href: doc.permalink,
          docId: doc.id,
          ...(className && { className }),
        },
      ];
    }
    if (item.type === 'link') {
      // A plain link to a page of this version still names the doc it leads to.
      const target = version.docs.find(
        (d) => d.permalink.replace(/(.)\/$/, '$1') === item.href.replace(/(.)\/$/, '$1'),
      );
      return [
        {
          type: 'link',
          label: item.label,
          href: item.href,
          docId: target?.id ?? null,
          ...(item.className && { className: item.className }),
        },
      ];
    }
    if (item.type === 'category') {
      const linked = item.link?.type === 'doc' ? docOf(item.link.id) : undefined;
      const href = linked?.permalink ?? (item.link?.type === 'generated-index' ? item.link.permalink : null);
      return [
        {
          type: 'category',
          label: item.label,
          href,
          docId: linked?.id ?? null,
          ...(item.className && { className: item.className }),
          collapsed: item.collapsed,
          collapsible: item.collapsible,
          items: item.items.flatMap(convert),
        },
      ];
    }
    return [];
  };
  return Object.fromEntries(
    Object.entries(version.sidebars).map(([name, items]) => [name, items.flatMap(convert)]),
  );
}

export function toVersionEntries(pluginId: string, versions: LoadedVersion[]): VersionEntry[] {
  return versions.map((v) => ({
    pluginId,
    version: v.versionName,
    label: v.label,
    banner: v.banner,
    badge: v.badge,
    noIndex: v.noIndex,
    className: v.className,
    isLast: v.isLast,
  }));
}

/**
 * Writes build/meta/{docs,sidebars,versions}.json after a build: the docs and sidebars of the version served at the
 * site root (the newest docs), and every version's metadata.
 */
export default function siteMeta(_context: LoadContext): Plugin {
  return {
    name: 'switchyard-site-meta',
    async postBuild({ outDir, plugins }) {
      const docsPlugin = plugins.find((p) => p.name === 'docusaurus-plugin-content-docs');
      const content = docsPlugin?.content as LoadedContent | undefined;
      if (!content) throw new Error('site-meta: the docs plugin has no content');
      const pluginId = (docsPlugin?.options.id as string | undefined) ?? 'default';
      const last = content.loadedVersions.find((v) => v.isLast);
      if (!last) throw new Error('site-meta: no version is marked as the last one');
      const dir = path.join(outDir, 'meta');
      await mkdir(dir, { recursive: true });
      const write = (name: string, data: unknown) =>
        writeFile(path.join(dir, name), `${JSON.stringify(data, null, 2)}\n`, 'utf8');
      await write('docs.json', toDocEntries(last));
      await write('sidebars.json', toSidebarEntries(last));
      await write('versions.json', toVersionEntries(pluginId, content.loadedVersions));
    },
  };
}
