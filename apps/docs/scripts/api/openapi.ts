/** The parts of an OpenAPI 3.0/3.1 document the generator reads. */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  nullable?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  /** Set by the generator: the component name a $ref pointed at. */
  'x-schema-name'?: string;
  /** Set by the generator: the schema refers to itself here; shown as a name only. */
  'x-circular'?: boolean;
};

export type Parameter = {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: Schema;
  example?: unknown;
};

/** A named example of a media type, inline or a `$ref` to `#/components/examples/<name>`. */
export type NamedExample = { $ref?: string; summary?: string; value?: unknown };

export type MediaType = {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, NamedExample>;
};

export type RequestBody = {
  $ref?: string;
  description?: string;
  required?: boolean;
  content?: Record<string, MediaType>;
};

export type Response = { $ref?: string; description?: string; content?: Record<string, MediaType> };

export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses?: Record<string, Response>;
  security?: Record<string, string[]>[];
};

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type PathItem = Partial<Record<HttpMethod, Operation>> & { parameters?: Parameter[] };

export type OpenApiDocument = {
  openapi: string;
  info?: { title?: string; version?: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, PathItem>;
  components?: {
    schemas?: Record<string, Schema>;
    parameters?: Record<string, Parameter>;
    requestBodies?: Record<string, RequestBody>;
    responses?: Record<string, Response>;
  };
  security?: Record<string, string[]>[];
};

/** Fails early, with the file name, on something that is not an OpenAPI 3 document. */
export function assertOpenApi(value: unknown, source: string): asserts value is OpenApiDocument {
  const doc = value as Partial<OpenApiDocument> | null;
  if (!doc || typeof doc !== 'object' || typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.'))
    throw new Error(`${source} is not an OpenAPI 3 document (no "openapi": "3.x" field)`);
  if (doc.paths !== undefined && (typeof doc.paths !== 'object' || doc.paths === null))
    throw new Error(`${source}: "paths" must be an object`);
}
