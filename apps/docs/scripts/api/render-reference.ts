import { API_GENERATED_DIR } from '../../plugins/docs-layout';
import type { OpenApiDocument } from './openapi';
import { collectAreas, kebabCase, type AreaView } from './operations';
import { cellText, frontMatter, mdxText, oneSentence } from './mdx';
import {
  API_ROUTE,
  OPERATION_IMPORTS,
  dataCollector,
  operationBody,
  operationClassName,
  renderOperationPage,
} from './render-operation';
import { DEFAULT_SERVER } from './request-samples';

/** A sidebar item as sidebars.ts consumes it. */
export type ApiSidebarItem =
  | { type: 'doc'; id: string; label: string; className: string }
  | { type: 'link'; href: string; label: string; className: string }
  | {
      type: 'category';
      label: string;
      collapsed: boolean;
      link: { type: 'doc'; id: string };
      items: ApiSidebarItem[];
    };

function areaDescription(area: AreaView): string {
  return oneSentence(area.description, `The ${area.name} operations of the Switchyard API`);
}

function renderAreaPage(area: AreaView): string {
  const head = frontMatter({
    title: `${area.name} API`,
    sidebar_label: area.name,
    description: areaDescription(area),
    slug: `${API_ROUTE}/${area.slug}`,
    custom_edit_url: null,
    api: { kind: 'area', area: area.name },
  });
  const rows = area.operations.map((op) => {
    const label = op.deprecated ? `~~${cellText(op.summary)}~~ (deprecated)` : cellText(op.summary);
    return `| <ApiMethod method="${op.method}" /> | [${label}](./${op.slug}.mdx) | \`${op.path.replace(/\|/g, '\\|')}\` |`;
  });
  for (const op of area.alsoListed)
    rows.push(
      `| <ApiMethod method="${op.method}" /> | [${cellText(op.summary)}](../${kebabCase(op.area)}/${op.slug}.mdx) (${cellText(op.area)}) | \`${op.path.replace(/\|/g, '\\|')}\` |`,
    );
  const count = rows.length;
  return [
    head,
    "import ApiMethod from '@site/src/components/api/ApiMethod';",
    '',
    ...(area.description ? [mdxText(area.description), ''] : []),
    `${count} operation${count === 1 ? '' : 's'}:`,
    '',
    '| Method | Operation | Path |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/**
 * A released version's reference: one page per area with every operation as a section. Every route costs every page
 * some bytes of JavaScript (Docusaurus' route table ships in the main bundle), so old versions keep their route count
 * low; the current version has a page per operation.
 */
function renderAreaWithOperations(
  area: AreaView,
  position: number,
  server: string,
): { page: string; data: unknown[] } {
  const head = frontMatter({
    title: `${area.name} API`,
    sidebar_label: area.name,
    sidebar_position: position,
    description: areaDescription(area),
    slug: `${API_ROUTE}/${area.slug}`,
    custom_edit_url: null,
    api: { kind: 'area', area: area.name },
  });
  const { ref, values } = dataCollector();
  const sections = area.operations.flatMap((op) => [
    `## ${cellText(op.summary)}${op.deprecated ? ' (deprecated)' : ''}`,
    '',
    ...operationBody(op, server, 2, ref),
  ]);
  const elsewhere = area.alsoListed.map(
    (op) =>
      `- [${cellText(op.summary)}](./${kebabCase(op.area)}.mdx) (${cellText(op.area)}): \`${op.method.toUpperCase()} ${op.path}\``,
  );
  const body = [
    ...OPERATION_IMPORTS,
    `import data from './_data/${area.slug}.json';`,
    '',
    ...(area.description ? [mdxText(area.description), ''] : []),
    ...(elsewhere.length ? ['Documented in their own areas:', '', ...elsewhere, ''] : []),
    ...sections,
  ];
  return { page: `${head}\n${body.join('\n').trimEnd()}\n`, data: values };
}

const dataFile = (data: unknown[]) => `${JSON.stringify(data)}\n`;

/** The area list the hand-written API overview page imports. */
function renderAreasPartial(areas: AreaView[], layout: Layout): string {
  if (areas.length === 0) return 'The OpenAPI document has no operations yet.\n';
  const items = areas.map((area) => {
    const total = area.operations.length + area.alsoListed.length;
    const count = `${total} operation${total === 1 ? '' : 's'}`;
    const target = layout === 'operation-pages' ? `./${area.slug}/index.mdx` : `./${area.slug}.mdx`;
    return `- [${mdxText(area.name)}](${target}): ${area.description ? `${cellText(area.description)} ` : ''}(${count})`;
  });
  return `${items.join('\n')}\n`;
}

export function apiSidebar(areas: AreaView[]): ApiSidebarItem[] {
  return areas.map((area) => ({
    type: 'category',
    label: area.name,
    collapsed: true,
    link: { type: 'doc', id: `${API_GENERATED_DIR}/${area.slug}/index` },
    items: [
      ...area.operations.map((op) => ({
        type: 'doc' as const,
        id: `${API_GENERATED_DIR}/${area.slug}/${op.slug}`,
        label: op.summary,
        className: operationClassName(op),
      })),
      ...area.alsoListed.map((op) => ({
        type: 'link' as const,
        href: `${API_ROUTE}/${op.slug}`,
        label: op.summary,
        className: operationClassName(op),
      })),
    ],
  }));
}

/** `operation-pages` for the current docs, `area-pages` for released versions (see renderAreaWithOperations). */
export type Layout = 'operation-pages' | 'area-pages';

/**
 * Every generated file, by path relative to the generated folder: the pages, the areas partial the overview page
 * imports, and for the current docs the sidebar sidebars.ts reads (plus `_category_.json` files, so the pages also
 * work with an autogenerated sidebar item).
 */
export function renderReference(
  doc: OpenApiDocument,
  layout: Layout = 'operation-pages',
): Map<string, string> {
  const areas = collectAreas(doc);
  const server = doc.servers?.[0]?.url ?? DEFAULT_SERVER;
  const files = new Map<string, string>();
  files.set('_areas.mdx', renderAreasPartial(areas, layout));
  if (layout === 'area-pages') {
    areas.forEach((area, i) => {
      const { page, data } = renderAreaWithOperations(area, i + 1, server);
      files.set(`${area.slug}.mdx`, page);
      files.set(`_data/${area.slug}.json`, dataFile(data));
    });
    return files;
  }
  areas.forEach((area, areaIndex) => {
    files.set(`${area.slug}/index.mdx`, renderAreaPage(area));
    files.set(
      `${area.slug}/_category_.json`,
      `${JSON.stringify({ label: area.name, position: areaIndex + 1, collapsed: true }, null, 2)}\n`,
    );
    area.operations.forEach((op, i) => {
      const { page, data } = renderOperationPage(op, i + 1, server);
      files.set(`${area.slug}/${op.slug}.mdx`, page);
      files.set(`_data/${op.slug}.json`, dataFile(data));
    });
  });
  files.set('sidebar.json', `${JSON.stringify(apiSidebar(areas), null, 2)}\n`);
  return files;
}
