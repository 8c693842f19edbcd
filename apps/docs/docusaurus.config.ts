import path from 'node:path';
import type * as Preset from '@docusaurus/preset-classic';
import type { Config } from '@docusaurus/types';
import { ACADEMY_INTRO, docExists } from './plugins/docs-layout';
import { frontMatterProblems, isValidatedDoc } from './plugins/front-matter';
import { readProductVersion } from './plugins/product-version';
import { createGitDates } from './plugins/git-dates';
import rankedSearch from './plugins/ranked-search';
import lightClient from './plugins/light-client';
import llmsText from './plugins/llms-txt';
import rehypeHighlight from './plugins/rehype-highlight';
import remarkSample from './plugins/remark-sample';
import { sidebarItemsGenerator } from './plugins/sidebar-items';
import siteMeta from './plugins/site-meta';
import { ssrTemplate } from './plugins/ssr-template';
import { siteUrl } from './plugins/site-url';
import { generateApiDocs } from './scripts/generate-api-docs';

const siteDir = __dirname;
const product = readProductVersion(siteDir);
const docsDir = path.join(siteDir, 'docs');
const repository = 'https://github.com/switchyard-flags/switchyard';
// Where the built site is served (DOCS_URL): canonical links, the sitemap and asset paths follow it.
const site = siteUrl(process.env.DOCS_URL);

// The API reference pages are generated from OpenAPI documents before Docusaurus reads the docs folder, so every
// entry point (build, start, docs:version, a plain `docusaurus build`) sees the same, current pages. It is
// deterministic and leaves unchanged files alone (~1 s for a few hundred operations).
generateApiDocs(siteDir, (line) => console.log(line));

/** Navbar and footer links only for the pages that exist: content arrives over time, and broken links fail. */
function ifDoc<T>(id: string, item: T): T[] {
  return docExists(docsDir, id) ? [item] : [];
}

const config: Config = {
  title: 'Switchyard',
  tagline: 'Self-hosted feature flags, compatible with the Unleash API',
  favicon: 'img/favicon.svg',
  url: site.url,
  baseUrl: site.baseUrl,
  organizationName: 'switchyard-flags',
  projectName: 'switchyard',
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  future: {
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      // Off: the layer polyfill for older browsers raised the theme's selectors above our unlayered brand colours.
      useCssCascadeLayers: false,
      siteStorageNamespacing: true,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
    },
    faster: true,
    // Docusaurus' git strategies run one `git log` per page or fail without commits; ours reads history once.
    experimental_vcs: createGitDates(),
  },
  markdown: {
    hooks: { onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw' },
    async parseFrontMatter(params) {
      const result = await params.defaultParseFrontMatter(params);
      if (isValidatedDoc(siteDir, params.filePath)) {
        const problems = frontMatterProblems(result.frontMatter, product);
        if (problems.length > 0)
          throw new Error(
            `Front matter of ${path.relative(siteDir, params.filePath)}:\n- ${problems.join('\n- ')}`,
          );
      }
      return result;
    },
  },
  i18n: { defaultLocale: 'en', locales: ['en'] },
  // Pages load as HTML and hydrate on first use (decision record 0018).
  ssrTemplate: ssrTemplate(),
  clientModules: [path.join(siteDir, 'src', 'client', 'hydration-mark.ts')],
  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          sidebarItemsGenerator,
          editUrl: `${repository}/edit/main/apps/docs/`,
          showLastUpdateTime: true,
          remarkPlugins: [[remarkSample, { examplesDir: path.join(siteDir, 'examples') }]],
          rehypePlugins: [rehypeHighlight],
          // One docs tree until 1.0 (decision record 0016): it describes the repository's version, at the root, so
          // every route of the site spec shows it; a pre-release version is labelled and bannered as unreleased.
          lastVersion: 'current',
          versions: {
            current: { label: product.label, banner: product.released ? 'none' : 'unreleased', badge: false },
          },
          onlyIncludeVersions: process.env.DOCS_CURRENT_ONLY === '1' ? ['current'] : undefined,
        },
        blog: false,
        pages: false,
        theme: { customCss: ['./src/css/custom.css', './src/css/code.css'] },
        sitemap: { lastmod: 'date' },
      } satisfies Preset.Options,
    ],
  ],
  plugins: [
    siteMeta,
    llmsText,
    lightClient,
    [
      rankedSearch,
      {
        hashed: 'filename',
        indexDocs: true,
        indexBlog: false,
        indexPages: false,
        docsRouteBasePath: '/',
        language: ['en'],
        searchResultLimits: 10,
        highlightSearchTermsOnTargetPage: false,
        explicitSearchResultPath: true,
      },
    ],
  ],
  themeConfig: {
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: true },
    docs: { sidebar: { hideable: true, autoCollapseCategories: false } },
    navbar: {
      title: 'Switchyard',
      // Decorative beside the site title; sized so the navbar does not shift when it loads.
      logo: { alt: '', src: 'img/logo.svg', width: 32, height: 32 },
      hideOnScroll: false,
      items: [
        { type: 'docSidebar', sidebarId: 'documentation', position: 'left', label: 'Docs' },
        ...ifDoc('reference/api/unleash/index', {
          type: 'doc',
          docId: 'reference/api/unleash/index',
          position: 'left',
          label: 'API',
        } as const),
        ...ifDoc('reference/sdks/index', {
          type: 'doc',
          docId: 'reference/sdks/index',
          position: 'left',
          label: 'SDKs',
        } as const),
        ...ifDoc(ACADEMY_INTRO, {
          type: 'docSidebar',
          sidebarId: 'academy',
          position: 'left',
          label: 'Academy',
        } as const),
        { type: 'docsVersionDropdown', position: 'right' },
        { type: 'search', position: 'right' },
        { href: repository, label: 'GitHub', position: 'right' },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Docs',
          items: [
            ...ifDoc('quickstart', { label: 'Quickstart', to: '/quickstart' }),
            ...ifDoc('reference/index', { label: 'Concepts', to: '/reference' }),
            ...ifDoc('reference/api/unleash/index', { label: 'API reference', to: '/reference/api/unleash' }),
            ...ifDoc('reference/sdks/index', { label: 'SDKs', to: '/reference/sdks/' }),
          ],
        },
        {
          title: 'Learn',
          items: [
            ...ifDoc('feature-flag-tutorials/index', { label: 'Tutorials', to: '/feature-flag-tutorials' }),
            ...ifDoc('how-to/index', { label: 'How-to guides', to: '/how-to' }),
            ...ifDoc(ACADEMY_INTRO, { label: 'Academy', to: `/${ACADEMY_INTRO}` }),
          ],
        },
        {
          title: 'Project',
          items: [
            { label: 'GitHub', href: repository },
            ...ifDoc('contributing/index', { label: 'Contributing', to: '/contributing' }),
          ],
        },
      ],
      copyright: `Switchyard is open source under the Apache License 2.0.`,
    },
    // Code is highlighted at build time (plugins/rehype-highlight.ts); no Prism languages ship to the browser.
    prism: { additionalLanguages: [] },
  } satisfies Preset.ThemeConfig,
};

export default config;
