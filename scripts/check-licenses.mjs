#!/usr/bin/env node
// Every installed package must have a licence compatible with Switchyard's Apache-2.0: permissive ones, or the
// file-level MPL of a few build and test tools. Prints what is not, and exits 1.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ALLOWED = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  'Apache-2.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  '0BSD',
  'BlueOak-1.0.0',
  'CC0-1.0',
  'CC-BY-4.0',
  'Unlicense',
  'Python-2.0',
  'Zlib',
  'WTFPL',
  'MPL-1.1',
  'MPL-2.0',
]);
/** Packages that state their licence in a file only; checked by hand. */
const KNOWN = {
  'require-like': 'MIT',
  // Their LICENSE files are the Apache License 2.0; the manifests name none.
  '@openfeature/ofrep-core': 'Apache-2.0',
  '@openfeature/ofrep-provider': 'Apache-2.0',
};

/** Whether an SPDX expression such as "(MIT OR CC0-1.0)" or "Apache-2.0 AND MIT" is acceptable. */
export function acceptable(expression) {
  const clean = expression.replace(/[()]/g, '').trim();
  if (/\bOR\b/.test(clean)) return clean.split(/\s+OR\s+/).some(acceptable);
  if (/\bAND\b/.test(clean)) return clean.split(/\s+AND\s+/).every(acceptable);
  return ALLOWED.has(clean);
}

function licenceOf(manifest) {
  const { license, licenses } = manifest;
  if (typeof license === 'string') return license;
  if (license?.type) return license.type;
  if (Array.isArray(licenses)) return licenses.map((entry) => entry.type ?? entry).join(' OR ');
  return KNOWN[manifest.name];
}

function* packages(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (name.startsWith('@')) {
      yield* packages(full);
      continue;
    }
    const file = path.join(full, 'package.json');
    if (!existsSync(file)) continue;
    yield JSON.parse(readFileSync(file, 'utf8'));
    yield* packages(path.join(full, 'node_modules'));
  }
}

const refused = [];
let count = 0;
for (const manifest of packages('node_modules')) {
  if (!manifest.name || manifest.name.startsWith('@switchyard/')) continue;
  count++;
  const licence = licenceOf(manifest);
  if (!licence || !acceptable(licence))
    refused.push(`${manifest.name}@${manifest.version}: ${licence ?? 'none stated'}`);
}
if (refused.length) {
  console.error(`[licences] ${refused.length} of ${count} packages have a licence Apache-2.0 cannot take:`);
  for (const line of refused) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`[licences] all ${count} installed packages have licences compatible with Apache-2.0`);
