import type { OperationView, ResponseView } from './operations';
import { cellText, fence, frontMatter, jsxData, mdxText, oneSentence } from './mdx';
import { DEFAULT_SERVER, requestSamples } from './request-samples';

export const API_ROUTE = '/reference/api/unleash';

/** Sidebar class of an operation, also used for the method badge: `api-method get`, deprecated ones struck through. */
export function operationClassName(op: Pick<OperationView, 'method' | 'deprecated'>): string {
  return `${op.deprecated ? 'menu__list-item--deprecated ' : ''}api-method ${op.method}`;
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** Turns a prop value into a JSX attribute expression: inline JSON, or a reference into the page's data file. */
export type DataRef = (value: unknown) => string;

/**
 * Collects a page's large props (schemas, parameter lists) for a JSON file beside it. Bundlers read JSON far faster
 * than MDX parses the same data as JSX expressions, which matters with hundreds of operation pages.
 */
export function dataCollector(): { ref: DataRef; values: unknown[] } {
  const values: unknown[] = [];
  return {
    values,
    ref: (value) => {
      values.push(value);
      return `{data[${values.length - 1}]}`;
    },
  };
}

function responseSection(response: ResponseView, h: string, ref: DataRef): string[] {
  const lines = [
    `${h}## ${response.status}${response.description ? ` ${cellText(response.description)}` : ''}`,
    '',
  ];
  if (!response.schema) {
    lines.push('No response body.', '');
    return lines;
  }
  lines.push(`Content type: \`${response.contentType}\``, '');
  lines.push(`<SchemaView schema=${ref(response.schema)} />`, '');
  if (response.examples) {
    for (const example of response.examples) {
      if (example.summary) lines.push(`**${example.name}**: ${cellText(example.summary)}`, '');
      lines.push(fence('json', json(example.value), `title="${example.name}"`), '');
    }
  } else if (response.example !== undefined)
    lines.push(fence('json', json(response.example), 'title="Example"'), '');
  return lines;
}

function parametersSection(op: OperationView, h: string, ref: DataRef): string[] {
  if (op.parameters.length === 0) return [];
  const rows = op.parameters.map(({ name, in: where, required, description, deprecated, schema }) => ({
    name,
    in: where,
    required,
    description,
    deprecated,
    schema,
  }));
  return [`${h}# Parameters`, '', `<ParameterTable parameters=${ref(rows)} />`, ''];
}

function bodySection(op: OperationView, h: string, ref: DataRef): string[] {
  if (!op.body) return [];
  const { body } = op;
  return [
    `${h}# Request body`,
    '',
    `${body.required ? 'Required' : 'Optional'}, \`${body.contentType}\`.${body.description ? ` ${mdxText(body.description)}` : ''}`,
    '',
    `<SchemaView schema=${ref(body.schema)} />`,
    '',
    fence('json', json(body.example), 'title="Example"'),
    '',
  ];
}

function samplesSection(op: OperationView, server: string, h: string): string[] {
  const samples = requestSamples(op, server);
  const lines = [
    `${h}# Request samples`,
    '',
    '<Tabs groupId="api-sample-language" queryString="sample">',
    '',
  ];
  for (const sample of samples) {
    lines.push(
      `<TabItem value="${sample.label.toLowerCase().replace(/\W/g, '')}" label="${sample.label}">`,
      '',
    );
    lines.push(fence(sample.language, sample.code), '', '</TabItem>', '');
  }
  lines.push('</Tabs>', '');
  return lines;
}

function tryItSection(op: OperationView, server: string, h: string, ref: DataRef): string[] {
  const parameters = op.parameters
    .filter((p) => p.in === 'path' || p.in === 'query')
    .map((p) => ({ name: p.name, in: p.in, required: p.required, example: p.example ?? null }));
  const body = op.body ? json(op.body.example) : null;
  return [
    `${h}# Try it`,
    '',
    `<TryIt method="${op.method}" path=${jsxData(op.path)} defaultServer=${jsxData(server)} authenticated={${op.authenticated}} parameters=${ref(parameters)} body=${jsxData(body)} />`,
    '',
  ];
}

/** The imports every page that renders operations needs. */
export const OPERATION_IMPORTS = [
  "import ApiEndpoint from '@site/src/components/api/ApiEndpoint';",
  "import ParameterTable from '@site/src/components/api/ParameterTable';",
  "import SchemaView from '@site/src/components/api/SchemaView';",
  "import TryIt from '@site/src/components/api/TryIt';",
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
];

/**
 * What the reference says about one operation, as MDX lines. `depth` 1 writes its sections as `##` headings (a page
 * of its own), 2 as `###` (a section of an area page).
 */
export function operationBody(
  op: OperationView,
  server: string,
  depth: 1 | 2 = 1,
  ref: DataRef = jsxData,
): string[] {
  const h = '#'.repeat(depth);
  return [
    `<ApiEndpoint method="${op.method}" path=${jsxData(op.path)} operationId=${jsxData(op.operationId)} deprecated={${op.deprecated}} authenticated={${op.authenticated}} />`,
    '',
    ...(op.description ? [mdxText(op.description), ''] : []),
    ...parametersSection(op, h, ref),
    ...bodySection(op, h, ref),
    `${h}# Responses`,
    '',
    ...(op.responses.length
      ? op.responses.flatMap((r) => responseSection(r, h, ref))
      : ['No responses are documented.', '']),
    ...samplesSection(op, server, h),
    ...tryItSection(op, server, h, ref),
  ];
}

/** One MDX page for one operation, and its data file (imported from `dataImport`). */
export function renderOperationPage(
  op: OperationView,
  position: number,
  server = DEFAULT_SERVER,
  dataImport = `../_data/${op.slug}.json`,
): { page: string; data: unknown[] } {
  const method = op.method.toUpperCase();
  const head = frontMatter({
    title: op.summary,
    sidebar_label: op.summary,
    sidebar_class_name: operationClassName(op),
    sidebar_position: position,
    // Short on purpose: every page ships the title and description of every doc of its version (Docusaurus' version
    // props), so hundreds of long API descriptions would weigh on every concept page. The page body has the full text.
    description: oneSentence('', op.summary, `${method} ${op.path}`),
    slug: `${API_ROUTE}/${op.slug}`,
    custom_edit_url: null,
    api: {
      kind: 'operation',
      method: op.method,
      path: op.path,
      operationId: op.operationId,
      area: op.area,
      deprecated: op.deprecated,
    },
  });
  const { ref, values } = dataCollector();
  const content = operationBody(op, server, 1, ref);
  const body = [...OPERATION_IMPORTS, `import data from '${dataImport}';`, '', ...content];
  return { page: `${head}\n${body.join('\n').trimEnd()}\n`, data: values };
}
