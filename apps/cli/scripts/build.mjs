#!/usr/bin/env node
// Bundles the CLI into dist/ for the published package (`npm pack` runs it as prepack). Everything is inlined, the
// workspace packages (not published) and the npm dependencies alike, so the package has no dependencies and
// installs and runs with Node alone, offline too. The bundled packages' licences go to dist/THIRD-PARTY-LICENSES.md.
// bin/switchyard.mjs runs the bundle wherever the sources are absent.
import { build } from 'esbuild';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const outfile = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist/switchyard.mjs');
const outdir = path.dirname(outfile);

// The bundled CommonJS packages (the TypeScript compiler among them) call require and read __filename; an ES module
// has neither, so each output file defines them from its own address.
const commonJsGlobals = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  "import { dirname as __dirnameOf } from 'node:path';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  'const __dirname = __dirnameOf(__filename);',
].join(' ');

// Split, so what refs, remove-flag and mcp import (the TypeScript compiler, the MCP SDK) loads only when they run.
const { metafile } = await build({
  entryPoints: { [path.basename(outfile, '.mjs')]: path.join(root, 'src/cli.ts') },
  outdir,
  splitting: true,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  metafile: true,
  // Whitespace and syntax only: names stay, so a stack trace from a user still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  define: { __SWITCHYARD_VERSION__: JSON.stringify(pkg.version) },
  banner: { js: `// @switchyard/cli, bundled by scripts/build.mjs. Apache-2.0.\n${commonJsGlobals}` },
  legalComments: 'none',
  logLevel: 'warning',
});

/** The folder of the npm package an input file belongs to, or undefined for the repository's own sources. */
function packageDir(input) {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const rest = input.slice(at + 'node_modules/'.length).split('/');
  return path.resolve(input.slice(0, at), 'node_modules', ...rest.slice(0, rest[0].startsWith('@') ? 2 : 1));
}

const bundled = [...new Set(Object.keys(metafile.inputs).map(packageDir).filter(Boolean))]
  .map((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const licenceFile = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    // MIT, ISC and BSD ask for their notice in every copy: a bundled package without one stops the build.
    if (!licenceFile) throw new Error(`${manifest.name} ships no licence file to reproduce in dist/`);
    return {
      name: manifest.name,
      version: manifest.version,
      license: manifest.license,
      text: readFileSync(path.join(dir, licenceFile), 'utf8').trim(),
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name));
writeFileSync(
  path.join(outdir, 'THIRD-PARTY-LICENSES.md'),
  [
    '# Packages bundled into @switchyard/cli',
    '',
    'dist/ inlines these npm packages; each keeps its own licence, reproduced here.',
    '',
    ...bundled.flatMap((p) => [`## ${p.name} ${p.version} (${p.license})`, '', '```text', p.text, '```', '']),
  ].join('\n'),
);
console.log(`[cli] bundled ${path.relative(process.cwd(), outfile)} with ${bundled.length} npm packages`);
