#!/usr/bin/env node
// Bundles the CLI into dist/switchyard.mjs for the published package (`npm pack` runs it as prepack): the workspace
// packages (@switchyard/evaluation, code-refs, mcp) are inlined, since they are not published; the package's
// dependencies (yaml, typescript, the MCP SDK, zod) stay imports. bin/switchyard.mjs
// runs the bundle wherever the sources are absent.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const outfile = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist/switchyard.mjs');

// Split, so what refs, remove-flag and mcp import (the TypeScript compiler, the MCP SDK) loads only when they run.
await build({
  entryPoints: { [path.basename(outfile, '.mjs')]: path.join(root, 'src/cli.ts') },
  outdir: path.dirname(outfile),
  splitting: true,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(pkg.dependencies ?? {}),
  define: { __SWITCHYARD_VERSION__: JSON.stringify(pkg.version) },
  banner: { js: '// @switchyard/cli, bundled by scripts/build.mjs. Apache-2.0.' },
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`[cli] bundled ${path.relative(process.cwd(), outfile)}`);
