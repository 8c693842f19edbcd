/**
 * Generates the API reference pages from OpenAPI documents: the current docs from apps/server/openapi.json (or
 * OPENAPI_PATH, or the test fixture until the server writes one), and each released version from the copy it was cut
 * with. The output is deterministic and never committed.
 *
 *   tsx scripts/generate-api-docs.ts                       # every target
 *   tsx scripts/generate-api-docs.ts --spec x.json --out d # one document into one folder
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { referenceTargets, writeReference, type Target } from './api/write-reference';

export function generateApiDocs(siteDir: string, log: (line: string) => void = console.log): void {
  for (const target of referenceTargets(siteDir)) runTarget(siteDir, target, log);
}

function runTarget(siteDir: string, target: Target, log: (line: string) => void): void {
  if (target.note) log(`[api-docs] ${target.note}`);
  const started = Date.now();
  const result = writeReference(target);
  log(
    `[api-docs] ${target.name}: ${result.operations} operations from ${path.relative(siteDir, target.spec)} ` +
      `(${result.written} written, ${result.removed} removed, ${result.unchanged} unchanged, ${Date.now() - started} ms)`,
  );
}

function main(): void {
  const siteDir = path.resolve(__dirname, '..');
  const { values } = parseArgs({ options: { spec: { type: 'string' }, out: { type: 'string' } } });
  if (values.spec) {
    const outDir = values.out ? path.resolve(values.out) : referenceTargets(siteDir)[0]!.outDir;
    runTarget(
      siteDir,
      { name: 'custom', spec: path.resolve(values.spec), outDir, layout: 'operation-pages' },
      console.log,
    );
  } else {
    generateApiDocs(siteDir);
  }
}

// Run as a script (tsx, CommonJS), not when imported by the config or tests.
if (typeof require !== 'undefined' && require.main === module) main();
