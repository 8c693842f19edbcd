import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchema, FastifyServerOptions } from 'fastify';
import { PG_INTEGER } from '../db/pg-integer.ts';

type Route = { schema: FastifySchema; method: string; url: string; httpPart?: string };
type CompilerOptions = { customOptions?: Record<string, unknown> } & Record<string, unknown>;

const SHARED = { allErrors: true, removeAdditional: false, useDefaults: true } as const;

/**
 * Query strings and path parameters arrive as text, so they are coerced ("10" → 10); JSON bodies are not, so
 * `{"enabled": "yes"}` is a 400 that names the field instead of silently becoming something else.
 */
/**
 * One pool for the whole process: Fastify asks for a validator per plugin context, and a pool per call would build
 * (and keep) two Ajv instances, each compiling the JSON Schema meta-schema, for every one of them. With the pool,
 * contexts with the same shared schemas share the same two instances.
 */
const factory = AjvCompiler() as unknown as (
  schemas: unknown,
  options: CompilerOptions,
) => (route: Route) => unknown;

export const schemaController = {
  compilersFactory: {
    buildValidator(externalSchemas: unknown, serverOptions: CompilerOptions = {}) {
      const base = { ...serverOptions, customOptions: { ...serverOptions.customOptions, ...SHARED } };
      // Made at the first validation too: each Ajv instance compiles the JSON Schema meta-schema when it is made.
      let strict: ((route: Route) => unknown) | undefined;
      let coercing: ((route: Route) => unknown) | undefined;
      const compilerFor = (route: Route) =>
        route.httpPart === 'body'
          ? (strict ??= factory(externalSchemas, {
              ...base,
              customOptions: { ...base.customOptions, coerceTypes: false },
            }))
          : (coercing ??= factory(externalSchemas, {
              ...base,
              customOptions: { ...base.customOptions, coerceTypes: 'array' },
            }));
      return (route: Route) => lazyValidator(() => compilerFor(route)(route));
    },
    buildSerializer(externalSchemas: unknown, serverOptions: unknown) {
      const compile = serializers(externalSchemas, serverOptions);
      return (route: unknown) => {
        let serialize: ((data: unknown) => string) | undefined;
        return (data: unknown) => (serialize ??= compile(route))(data);
      };
    },
  },
} as unknown as FastifyServerOptions['schemaController'];

const serializers = SerializerSelector() as unknown as (
  schemas: unknown,
  options: unknown,
) => (route: unknown) => (data: unknown) => string;

type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/**
 * Validators and serializers are compiled when a route is first used, not at start: compiling every route's
 * schemas was most of the start (decision record 0035). `schemaEnv` tells Fastify to pass the parent of the value,
 * as it does to every Ajv function, so coercion of a root value (a query string) still works; `errors` is the
 * compiled function's, read by Fastify right after the call.
 */
function lazyValidator(compile: () => unknown): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = (data, context) => {
    compiled ??= compile() as Validate;
    const valid = context === undefined ? compiled(data) : compiled(data, context);
    validate.errors = compiled.errors;
    return valid;
  };
  validate.schemaEnv = true;
  return validate;
}

type SchemaNode = Record<string, unknown>;

/**
 * Every integer a request carries fits a PostgreSQL `integer` unless its schema says otherwise (decision record
 * 0003): an id, an offset or a sort order past 2^31 is a 400 that names the field, never a database error. Applied
 * to each route's schema once, at registration, so the bounds also appear in openapi.json.
 */
export function boundIntegers(schema: unknown): void {
  if (typeof schema !== 'object' || schema === null) return;
  if (Array.isArray(schema)) return schema.forEach(boundIntegers);
  const node = schema as SchemaNode;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer')) {
    if (node.minimum === undefined && node.exclusiveMinimum === undefined) node.minimum = PG_INTEGER.minimum;
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) node.maximum = PG_INTEGER.maximum;
  }
  for (const key of ['properties', 'patternProperties']) {
    if (node[key] && typeof node[key] === 'object')
      Object.values(node[key] as SchemaNode).forEach(boundIntegers);
  }
  for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not'])
    boundIntegers(node[key]);
}
