/**
 * A small JSON Schema validator for the subset our schemas use: type (incl. "null" and unions), enum, const,
 * properties, required, additionalProperties, items, minItems, minLength, maxLength, pattern, oneOf, and local
 * `$ref`s to `#/$defs/...`. Unknown keywords are an error, so a schema cannot silently ask for more than this checks.
 */
export type JsonSchema = {
  $schema?: string;
  $id?: string;
  title?: string;
  description?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  oneOf?: JsonSchema[];
};

const KNOWN = new Set([
  '$schema',
  '$id',
  'title',
  'description',
  '$ref',
  '$defs',
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'minLength',
  'maxLength',
  'pattern',
  'oneOf',
]);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

export function validate(schema: JsonSchema, value: unknown, root: JsonSchema = schema, at = '$'): string[] {
  for (const key of Object.keys(schema))
    if (!KNOWN.has(key)) return [`${at}: schema uses unsupported keyword "${key}"`];
  if (schema.$ref) {
    const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name ? root.$defs?.[name] : undefined;
    if (!target) return [`${at}: unresolvable $ref ${schema.$ref}`];
    return validate(target, value, root, at);
  }
  const errors: string[] = [];
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => matchesType(value, t)))
      return [`${at}: expected ${types.join(' or ')}, got ${typeOf(value)}`];
  }
  if (schema.enum && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
    errors.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value))
    errors.push(`${at}: must be ${JSON.stringify(schema.const)}`);
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength)
      errors.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      errors.push(`${at}: longer than ${schema.maxLength}`);
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value))
      errors.push(`${at}: does not match ${schema.pattern}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      errors.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.items)
      value.forEach((item, i) => errors.push(...validate(schema.items!, item, root, `${at}[${i}]`)));
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in object)) errors.push(`${at}: missing "${key}"`);
    for (const [key, child] of Object.entries(object)) {
      const propertySchema = schema.properties?.[key];
      if (propertySchema) errors.push(...validate(propertySchema, child, root, `${at}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${at}: unexpected property "${key}"`);
      else if (typeof schema.additionalProperties === 'object')
        errors.push(...validate(schema.additionalProperties, child, root, `${at}.${key}`));
    }
  }
  if (schema.oneOf) {
    const passing = schema.oneOf.filter((option) => validate(option, value, root, at).length === 0).length;
    if (passing !== 1) errors.push(`${at}: matches ${passing} of the oneOf options, expected exactly 1`);
  }
  return errors;
}
