import { HTTP_METHODS, type HttpMethod, type MediaType, type OpenApiDocument, type Schema } from './openapi';
import { declaredExample, deref, exampleFor, inlineSchema } from './schemas';

/** The API areas of the site spec, in its order; the server tags every operation with exactly one of them. */
export const API_AREAS = [
  'Addons',
  'Admin UI',
  'API tokens',
  'Archive',
  'Auth',
  'Banners',
  'Change Requests',
  'Client',
  'Context',
  'Dependencies',
  'Edge',
  'Environments',
  'Events',
  'Feature Types',
  'Features',
  'Frontend API',
  'Import/Export',
  'Instance Admin',
  'Legacy',
  'Maintenance',
  'Metrics',
  'Notifications',
  'OpenFeature',
  'Operational',
  'Personal access tokens',
  'Playground',
  'Projects',
  'Public signup tokens',
  'Release Templates',
  'Search',
  'Segments',
  'Service Accounts',
  'Strategies',
  'Tags',
  'Telemetry',
  'Unstable',
  'Users',
  'System',
];

export const OTHER_AREA = 'Other';

export type ParameterView = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description: string;
  deprecated: boolean;
  schema: Schema;
  example: unknown;
};

export type BodyView = {
  contentType: string;
  required: boolean;
  description: string;
  schema: Schema;
  example: unknown;
};

export type ResponseView = {
  status: string;
  description: string;
  contentType?: string;
  schema?: Schema;
  example?: unknown;
  /** Named examples (the error classes a status can carry), each with when it happens. */
  examples?: { name: string; summary: string; value: unknown }[];
};

export type OperationView = {
  operationId: string;
  slug: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description: string;
  area: string;
  /** Further areas the operation is listed in (its further tags, such as Unstable); documented in `area`. */
  alsoIn: string[];
  deprecated: boolean;
  authenticated: boolean;
  parameters: ParameterView[];
  body?: BodyView;
  responses: ResponseView[];
};

export type AreaView = {
  name: string;
  slug: string;
  description: string;
  operations: OperationView[];
  /** Operations documented in another area that this one lists too (by a further tag). */
  alsoListed: OperationView[];
};

/** `getAllClientFeatures` → `get-all-client-features`, `getUIConfig` → `get-ui-config`. */
export function kebabCase(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function pickMedia(content: Record<string, MediaType> | undefined): [string, MediaType] | undefined {
  if (!content) return undefined;
  const entries = Object.entries(content);
  return entries.find(([type]) => type.includes('json')) ?? entries[0];
}

function mediaExample(
  doc: OpenApiDocument,
  media: MediaType,
  schema: Schema,
  direction: 'request' | 'response',
): unknown {
  if (media.example !== undefined) return media.example;
  const first = media.examples && Object.values(media.examples)[0];
  if (first && deref(doc, first).value !== undefined) return deref(doc, first).value;
  return exampleFor(schema, direction);
}

function namedExamples(doc: OpenApiDocument, media: MediaType): ResponseView['examples'] {
  const entries = Object.entries(media.examples ?? {});
  if (entries.length === 0) return undefined;
  return entries.map(([name, raw]) => {
    const example = deref(doc, raw);
    return { name, summary: example.summary ?? '', value: example.value };
  });
}

function collectOperation(
  doc: OpenApiDocument,
  path: string,
  method: HttpMethod,
): Omit<OperationView, 'slug'> {
  const pathItem = doc.paths?.[path] ?? {};
  const op = pathItem[method] ?? {};
  const byKey = new Map<string, ParameterView>();
  for (const raw of [...(pathItem.parameters ?? []), ...(op.parameters ?? [])]) {
    const p = deref(doc, raw);
    const schema = inlineSchema(doc, p.schema ?? { type: 'string' });
    byKey.set(`${p.in}:${p.name}`, {
      name: p.name,
      in: p.in,
      required: p.in === 'path' || Boolean(p.required),
      description: p.description ?? schema.description ?? '',
      deprecated: Boolean(p.deprecated),
      schema,
      // Only a stated example: a made-up 'string' in a URL reads worse than a <name> placeholder.
      example: p.example ?? declaredExample(schema),
    });
  }
  let body: BodyView | undefined;
  if (op.requestBody) {
    const requestBody = deref(doc, op.requestBody);
    const media = pickMedia(requestBody.content);
    if (media) {
      const schema = inlineSchema(doc, media[1].schema ?? {});
      body = {
        contentType: media[0],
        required: Boolean(requestBody.required),
        description: requestBody.description ?? '',
        schema,
        example: mediaExample(doc, media[1], schema, 'request'),
      };
    }
  }
  const responses = Object.entries(op.responses ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, raw]): ResponseView => {
      const response = deref(doc, raw);
      const media = pickMedia(response.content);
      if (!media?.[1].schema) return { status, description: response.description ?? '' };
      const schema = inlineSchema(doc, media[1].schema);
      return {
        status,
        description: response.description ?? '',
        contentType: media[0],
        schema,
        example: mediaExample(doc, media[1], schema, 'response'),
        examples: namedExamples(doc, media[1]),
      };
    });
  const security = op.security ?? doc.security ?? [];
  return {
    operationId: op.operationId ?? `${method}${path}`,
    method,
    path,
    summary: (op.summary ?? op.operationId ?? `${method.toUpperCase()} ${path}`).trim(),
    description: (op.description ?? '').trim(),
    area: op.tags?.[0] ?? OTHER_AREA,
    alsoIn: op.tags?.slice(1) ?? [],
    deprecated: Boolean(op.deprecated),
    authenticated: security.length > 0 && !security.some((s) => Object.keys(s).length === 0),
    parameters: [...byKey.values()],
    body,
    responses,
  };
}

/**
 * Every operation of the document grouped by area, in a stable order: areas as the document's `tags` list them
 * (then the spec's list, then alphabetically), operations in document order. Slugs are unique and never equal an
 * area's slug, because both share the /reference/api/unleash/ route prefix.
 */
export function collectAreas(doc: OpenApiDocument): AreaView[] {
  const operations: Omit<OperationView, 'slug'>[] = [];
  for (const path of Object.keys(doc.paths ?? {}))
    for (const method of HTTP_METHODS)
      if (doc.paths?.[path]?.[method]) operations.push(collectOperation(doc, path, method));

  const tagOrder = [...(doc.tags ?? []).map((t) => t.name), ...API_AREAS];
  const rank = (area: string) => {
    const i = tagOrder.indexOf(area);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  const areaNames = [...new Set(operations.flatMap((o) => [o.area, ...o.alsoIn]))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  const areaSlugs = new Set(areaNames.map(kebabCase));
  const used = new Set<string>(['index', ...areaSlugs]);
  const slugOf = (operationId: string) => {
    const base = kebabCase(operationId) || 'operation';
    let slug = areaSlugs.has(base) ? `${base}-operation` : base;
    for (let n = 2; used.has(slug); n += 1) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
  const withSlugs = operations.map((o) => ({ ...o, slug: slugOf(o.operationId) }));
  return areaNames.map((name) => ({
    name,
    slug: kebabCase(name),
    // A tag whose description only repeats its name has none worth showing.
    description:
      [(doc.tags?.find((t) => t.name === name)?.description ?? '').trim()].find((d) => d !== name) ?? '',
    operations: withSlugs.filter((o) => o.area === name),
    alsoListed: withSlugs.filter((o) => o.area !== name && o.alsoIn.includes(name)),
  }));
}
