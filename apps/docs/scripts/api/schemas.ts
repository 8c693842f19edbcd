import type { OpenApiDocument, Schema } from './openapi';

/** Follows a local JSON pointer such as `#/components/schemas/featureSchema`. */
export function resolvePointer<T>(doc: OpenApiDocument, ref: string): T {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got "${ref}"`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, unknown> | undefined)?.[key];
    if (node === undefined) throw new Error(`unresolved $ref "${ref}"`);
  }
  return node as T;
}

/** Resolves a possibly-$ref'd object (parameter, body, response) one level. */
export function deref<T extends { $ref?: string }>(doc: OpenApiDocument, value: T): T {
  let current = value;
  for (let hops = 0; current.$ref; hops += 1) {
    if (hops > 20) throw new Error(`$ref chain too long at "${value.$ref}"`);
    current = resolvePointer<T>(doc, current.$ref);
  }
  return current;
}

function mergeAllOf(parts: Schema[]): Schema {
  const merged: Schema = {};
  for (const part of parts) {
    const { properties, required, ...rest } = part;
    Object.assign(merged, rest);
    if (properties) merged.properties = { ...merged.properties, ...properties };
    if (required) merged.required = [...new Set([...(merged.required ?? []), ...required])];
  }
  if (merged.properties && !merged.type) merged.type = 'object';
  return merged;
}

const MAX_DEPTH = 12;

/**
 * A copy of the schema with every $ref inlined (named with `x-schema-name`) and `allOf` merged, so the page can show
 * it without the rest of the document. A schema that contains itself stops at the second sighting.
 */
export function inlineSchema(doc: OpenApiDocument, schema: Schema, seen: string[] = []): Schema {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? schema.$ref;
    if (seen.includes(schema.$ref) || seen.length > MAX_DEPTH)
      return { 'x-schema-name': name, 'x-circular': true };
    const target = resolvePointer<Schema>(doc, schema.$ref);
    const { $ref: _ref, ...siblings } = schema;
    return {
      'x-schema-name': name,
      ...inlineSchema(doc, { ...target, ...siblings }, [...seen, schema.$ref]),
    };
  }
  const out: Schema = { ...schema };
  const inline = (s: Schema) => inlineSchema(doc, s, seen);
  if (schema.allOf) {
    const parts = schema.allOf.map(inline);
    delete out.allOf;
    return mergeAllOf([out, ...parts]);
  }
  if (schema.properties)
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, inline(v)]));
  if (schema.items) out.items = inline(schema.items);
  if (schema.oneOf) out.oneOf = schema.oneOf.map(inline);
  if (schema.anyOf) out.anyOf = schema.anyOf.map(inline);
  if (typeof schema.additionalProperties === 'object')
    out.additionalProperties = inline(schema.additionalProperties);
  return out;
}

function typeOf(schema: Schema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties || schema.additionalProperties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2025-01-01T12:00:00.000Z',
  date: '2025-01-01',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
};

/** The example a schema states itself (example, examples, const, default or first enum value), if any. */
export function declaredExample(schema: Schema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  return schema.enum?.[0];
}

/**
 * An example value for an inlined schema: its own example when it has one, otherwise one built from its shape.
 * Requests leave out read-only properties, responses write-only ones.
 */
export function exampleFor(
  schema: Schema,
  direction: 'request' | 'response' = 'response',
  depth = 0,
): unknown {
  const next = (s: Schema) => exampleFor(s, direction, depth + 1);
  const declared = declaredExample(schema);
  if (declared !== undefined) return declared;
  if (schema['x-circular'] || depth > 6) return typeOf(schema) === 'array' ? [] : {};
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) return next(variant);
  switch (typeOf(schema)) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {}))
        if (!(direction === 'request' ? prop.readOnly : prop.writeOnly)) result[name] = next(prop);
      if (!schema.properties && typeof schema.additionalProperties === 'object')
        result.key = next(schema.additionalProperties);
      return result;
    }
    case 'array':
      return schema.items ? [next(schema.items)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    case 'string':
      return (schema.format && FORMAT_EXAMPLES[schema.format]) ?? 'string';
    default:
      return null;
  }
}
