import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
// @ts-expect-error: a plain .mjs script without types
import { ensureUnleash, UNLEASH_DIR, UNLEASH_VERSION } from '../../../migrate/scripts/install-unleash.mjs';

export type OpenApiSchema = {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  additionalProperties?: OpenApiSchema | boolean;
  allOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
};
export type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: OpenApiSchema }> }> }>
  >;
  components: { schemas: Record<string, OpenApiSchema> };
};

/**
 * Unleash's own OpenAPI document, as unleash-server 7.6.5 (installed by apps/migrate/scripts/install-unleash.mjs, the
 * release the migration test runs) serves it at /docs/openapi.json: its app is built in a child process over the
 * in-memory stores its package ships for its own tests, so no database is needed, and asked once on loopback. The
 * document is read at test time, never copied into this repository. In CI a missing package fails the test (CI
 * installs it before the tests); elsewhere it is installed first.
 */
export async function unleashOpenApi(): Promise<OpenApiDocument> {
  const entry = path.join(UNLEASH_DIR as string, 'node_modules/unleash-server');
  if (!existsSync(path.join(entry, 'package.json'))) {
    if (process.env.CI)
      throw new Error(
        `unleash-server ${UNLEASH_VERSION as string} is not installed at ${entry}: CI installs it with \`node apps/migrate/scripts/install-unleash.mjs\` before the tests; its log says why it did not`,
      );
    (ensureUnleash as () => string)();
  }
  const dist = (file: string) => JSON.stringify(pathToFileURL(path.join(entry, 'dist', file)).href);
  const script = `
    const { createServices } = await import(${dist('lib/services/index.js')});
    const { createTestConfig } = await import(${dist('test/config/test-config.js')});
    const createStores = (await import(${dist('test/fixtures/store.js')})).default;
    const getApp = (await import(${dist('lib/app.js')})).default;
    const sessionDb = (await import(${dist('lib/middleware/session-db.js')})).default;
    const config = createTestConfig({ enableOAS: true, publicFolder: ${JSON.stringify(path.join(entry, 'frontend/build'))} });
    const stores = createStores();
    const app = await getApp(config, stores, createServices(stores, config), sessionDb(config, {}));
    const server = app.listen(0, '127.0.0.1', async () => {
      const response = await fetch('http://127.0.0.1:' + server.address().port + '/docs/openapi.json');
      if (response.status !== 200) { console.error('/docs/openapi.json answered ' + response.status); process.exit(1); }
      process.stdout.write(await response.text(), () => process.exit(0));
    });`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    cwd: entry,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
    env: { PATH: process.env.PATH, NODE_ENV: 'test' },
  });
  return JSON.parse(stdout) as OpenApiDocument;
}

/** The schema of a GET operation's 200 JSON answer, if it has one. */
export function jsonAnswer(doc: OpenApiDocument, path: string): OpenApiSchema | undefined {
  return doc.paths[path]?.get?.responses?.['200']?.content?.['application/json']?.schema;
}

/**
 * The fields `schema` requires that `value` lacks, as paths such as `features[].environments[].name`: recursively
 * into objects, arrays and maps (`.*`), every part of an allOf, and the best-fitting alternative of a oneOf/anyOf
 * (none missing when one alternative fits). A null or absent value requires nothing below it.
 */
export function missingRequired(
  doc: OpenApiDocument,
  schema: OpenApiSchema,
  value: unknown,
  at = '',
): string[] {
  const resolved = resolve(doc, schema);
  if (value === null || value === undefined) return [];
  const found: string[] = [];
  for (const part of resolved.allOf ?? []) found.push(...missingRequired(doc, part, value, at));
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives?.length) {
    const each = alternatives
      .filter((alternative) => fits(resolve(doc, alternative), value))
      .map((alternative) => missingRequired(doc, alternative, value, at));
    if (each.length && !each.some((m) => m.length === 0))
      found.push(...each.reduce((best, m) => (m.length < best.length ? m : best)));
  }
  if (Array.isArray(value)) {
    if (resolved.items)
      for (const item of value) found.push(...missingRequired(doc, resolved.items, item, `${at}[]`));
  } else if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of resolved.required ?? [])
      if (record[key] === undefined) found.push(at ? `${at}.${key}` : key);
    for (const [key, property] of Object.entries(resolved.properties ?? {}))
      found.push(...missingRequired(doc, property, record[key], at ? `${at}.${key}` : key));
    if (typeof resolved.additionalProperties === 'object')
      for (const key of Object.keys(record))
        if (!resolved.properties?.[key])
          found.push(...missingRequired(doc, resolved.additionalProperties, record[key], `${at}.*`));
  }
  return [...new Set(found)];
}

function resolve(doc: OpenApiDocument, schema: OpenApiSchema): OpenApiSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`Unleash's document has no schema ${current.$ref}`);
    current = target;
  }
  return current;
}

/** Whether an alternative of a oneOf/anyOf is of the value's JSON type (an untyped one fits anything). */
function fits(schema: OpenApiSchema, value: unknown): boolean {
  if (!schema.type) return true;
  if (schema.type === 'array') return Array.isArray(value);
  if (schema.type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  if (schema.type === 'integer') return Number.isInteger(value);
  return typeof value === schema.type;
}
