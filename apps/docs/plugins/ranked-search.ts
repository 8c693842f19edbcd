import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedContent } from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import lunr from 'lunr';
import { rankSearchIndex, type RankedKind } from './search-ranking';
import { splitDottedTerms, type SerializedIndex } from './search-tokens';

type SearchPluginModule = {
  default: (context: LoadContext, options: unknown) => Plugin;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};
// The package's type declarations describe only its options, not the plugin function it exports.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const searchLocal = require('@easyops-cn/docusaurus-search-local') as SearchPluginModule;
type ApiFrontMatter = { kind?: string; deprecated?: boolean };

/** Page kinds by permalink, from the `api` front matter the API generator writes. */
function kindsByUrl(content: LoadedContent): Map<string, RankedKind> {
  const kinds = new Map<string, RankedKind>();
  for (const version of content.loadedVersions)
    for (const doc of version.docs) {
      const api = doc.frontMatter.api as ApiFrontMatter | undefined;
      if (api?.kind === 'operation') kinds.set(doc.permalink, api.deprecated ? 'deprecated' : 'operation');
      else if (api?.kind === 'area') kinds.set(doc.permalink, 'area');
    }
  return kinds;
}

async function searchIndexFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /^search-index.*\.json$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** lunr's English stemmer, as the search plugin applies it to the words it indexes. */
const stem = (word: string) => lunr.stemmer(new lunr.Token(word, {})).toString();

/**
 * The local search plugin, plus two passes over the index it writes: the parts of dotted names become terms ("node"
 * of "Node.js"), then the ranking. The wrapper runs them right after the plugin's own postBuild, which Docusaurus
 * would otherwise run in parallel with ours.
 */
export default function rankedSearch(context: LoadContext, options: unknown): Plugin {
  const inner = searchLocal.default(context, options);
  return {
    ...inner,
    async postBuild(props) {
      await inner.postBuild?.(props);
      const docs = props.plugins.find((p) => p.name === 'docusaurus-plugin-content-docs');
      const kinds = kindsByUrl(docs?.content as LoadedContent);
      for (const file of await searchIndexFiles(props.outDir)) {
        const parts = JSON.parse(await readFile(file, 'utf8'));
        for (const part of parts as { index: SerializedIndex }[]) splitDottedTerms(part.index, stem);
        rankSearchIndex(parts, kinds);
        await writeFile(file, JSON.stringify(parts), 'utf8');
      }
    },
  };
}

rankedSearch.validateOptions = searchLocal.validateOptions;
