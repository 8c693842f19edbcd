/** The schema shape the generator inlines into pages (see scripts/api/openapi.ts). */
export type ViewSchema = {
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  nullable?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, ViewSchema>;
  required?: string[];
  additionalProperties?: boolean | ViewSchema;
  items?: ViewSchema;
  oneOf?: ViewSchema[];
  anyOf?: ViewSchema[];
  'x-schema-name'?: string;
  'x-circular'?: boolean;
};

/** A short type label: `string<date-time>`, `featureSchema[]`, `"a" | "b"`, `map<string, integer>`. */
export function typeLabel(schema: ViewSchema): string {
  if (schema['x-circular']) return `${schema['x-schema-name'] ?? 'object'} (recursive)`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const base = types.filter((t) => t !== 'null');
  const nullable = schema.nullable || types.includes('null') ? ' | null' : '';
  if (schema.oneOf || schema.anyOf)
    return `one of ${(schema.oneOf ?? schema.anyOf ?? []).length} shapes${nullable}`;
  const type = base[0] ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined);
  if (type === 'array') return `${schema.items ? typeLabel(schema.items) : 'any'}[]${nullable}`;
  if (type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object')
    return `map<string, ${typeLabel(schema.additionalProperties)}>${nullable}`;
  if (type === 'object') return `${schema['x-schema-name'] ?? 'object'}${nullable}`;
  return `${type ?? 'any'}${schema.format ? `<${schema.format}>` : ''}${nullable}`;
}

/** Rules worth a line under the property: enum values, default, limits, pattern. */
export function ruleLabels(schema: ViewSchema): string[] {
  const rules: string[] = [];
  if (schema.enum) rules.push(`one of: ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.default !== undefined) rules.push(`default: ${JSON.stringify(schema.default)}`);
  if (schema.minimum !== undefined) rules.push(`minimum: ${schema.minimum}`);
  if (schema.maximum !== undefined) rules.push(`maximum: ${schema.maximum}`);
  if (schema.minLength !== undefined) rules.push(`min length: ${schema.minLength}`);
  if (schema.maxLength !== undefined) rules.push(`max length: ${schema.maxLength}`);
  if (schema.pattern) rules.push(`pattern: ${schema.pattern}`);
  if (schema.readOnly) rules.push('read-only');
  if (schema.writeOnly) rules.push('write-only');
  return rules;
}

/** The schema whose properties a row expands into, if any: objects, arrays of objects, and maps. */
export function childrenOf(schema: ViewSchema): ViewSchema | undefined {
  if (schema['x-circular']) return undefined;
  if (schema.properties) return schema;
  if (schema.items) return childrenOf(schema.items);
  if (typeof schema.additionalProperties === 'object') return childrenOf(schema.additionalProperties);
  return undefined;
}
