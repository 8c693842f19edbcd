import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedContent, LoadedVersion } from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { markdownPath, toMarkdown } from './markdown-copy';

type Doc = LoadedVersion['docs'][number];
type SidebarItem = LoadedVersion['sidebars'][string][number];
export type LlmsSection = { title: string; docs: Doc[] };

function docsIn(item: SidebarItem, byId: Map<string, Doc>): Doc[] {
  if (item.type === 'doc' || item.type === 'ref') return byId.has(item.id) ? [byId.get(item.id)!] : [];
  if (item.type !== 'category') return [];
  const link = item.link?.type === 'doc' ? byId.get(item.link.id) : undefined;
  return [...(link ? [link] : []), ...item.items.flatMap((child) => docsIn(child, byId))];
}

/**
 * The sections of llms.txt, in sidebar order: pages outside a category first ("Documentation"), then one section per
 * top-level category, then the academy. Every doc of the version appears once.
 */
export function llmsSections(version: Pick<LoadedVersion, 'docs' | 'sidebars'>): LlmsSection[] {
  const byId = new Map(version.docs.map((d) => [d.id, d]));
  const sections: LlmsSection[] = [];
  const seen = new Set<string>();
  const add = (title: string, docs: Doc[]) => {
    const fresh = docs.filter((d) => !seen.has(d.id));
    fresh.forEach((d) => seen.add(d.id));
    const existing = sections.find((s) => s.title === title);
    if (existing) existing.docs.push(...fresh);
    else if (fresh.length) sections.push({ title, docs: fresh });
  };
  for (const [sidebar, items] of Object.entries(version.sidebars)) {
    for (const item of items) {
      const title =
        sidebar === 'academy' ? 'Academy' : item.type === 'category' ? item.label : 'Documentation';
      add(title, docsIn(item, byId));
    }
  }
  add('Other pages', version.docs);
  return sections;
}

/** llms.txt: the site's pages by section, each linked to its Markdown copy under the site's url and base URL. */
export function llmsTxt(
  title: string,
  tagline: string,
  url: string,
  baseUrl: string,
  sections: LlmsSection[],
): string {
  const base = `${url.replace(/\/+$/, '')}${baseUrl}`.replace(/\/+$/, '');
  const lines = [
    `# ${title}`,
    '',
    `> ${tagline}`,
    '',
    `Every page below is also served as Markdown: the link is the page's address with \`.md\` (the site root is \`${base}/index.md\`).`,
    '',
  ];
  for (const section of sections) {
    lines.push(`## ${section.title}`, '');
    for (const doc of section.docs)
      lines.push(`- [${doc.title}](${base}/${markdownPath(doc.permalink, baseUrl)}): ${doc.description}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** Writes a Markdown copy of every page of the version at the site root, and `llms.txt` listing them. */
export default function llmsText(context: LoadContext): Plugin {
  return {
    name: 'switchyard-llms-txt',
    async postBuild({ outDir, plugins }) {
      const content = plugins.find((p) => p.name === 'docusaurus-plugin-content-docs')?.content as
        LoadedContent | undefined;
      const last = content?.loadedVersions.find((v) => v.isLast);
      if (!last) throw new Error('llms-txt: the docs plugin has no version at the root');
      const examplesDir = path.join(context.siteDir, 'examples');
      for (const doc of last.docs) {
        const file = path.join(context.siteDir, doc.source.replace(/^@site\//, ''));
        const markdown = toMarkdown({
          title: doc.title,
          description: doc.description,
          source: await readFile(file, 'utf8'),
          sourceDir: path.dirname(file),
          examplesDir,
        });
        const target = path.join(outDir, markdownPath(doc.permalink, context.siteConfig.baseUrl));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, markdown, 'utf8');
      }
      const { title, tagline, url, baseUrl } = context.siteConfig;
      await writeFile(
        path.join(outDir, 'llms.txt'),
        llmsTxt(title, tagline, url, baseUrl, llmsSections(last)),
        'utf8',
      );
    },
  };
}
