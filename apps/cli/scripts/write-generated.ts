// Writes the files generated from the CLI's definitions: the docs' CLI reference page and the published JSON Schema
// of the flags-as-code files. With --check, fails when a committed copy differs (npm run check runs it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PUBLISHED_SCHEMA,
  REFERENCE_PAGE,
  renderPublishedSchema,
  renderReference,
} from '../src/reference.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const files: [string, string][] = [
  [REFERENCE_PAGE, renderReference()],
  [PUBLISHED_SCHEMA, await renderPublishedSchema()],
];
const check = process.argv.includes('--check');
let stale = 0;
for (const [file, content] of files) {
  const full = path.join(root, file);
  const current = existsSync(full) ? readFileSync(full, 'utf8') : undefined;
  if (current === content) continue;
  if (check) {
    console.error(`${file} is not current: run \`npm run generate -w @switchyard/cli\``);
    stale++;
  } else {
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
    console.log(`wrote ${file}`);
  }
}
process.exit(stale ? 1 : 0);
