// `npm run build:edge`: the edge as one JavaScript file with nothing to install (dist/switchyard-edge.mjs, about
// 100 kB): copy it to any machine with Node.js 20 or later and run `node switchyard-edge.mjs` with UPSTREAM_URL and
// TOKENS set. Everything it uses, the workspace's evaluation package and TypeBox (the impact-metric wire rule it
// shares with the server) included, is bundled in.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bundles the edge into `outfile`; resolves with its size in bytes and the packages it took in. */
export async function buildEdge(
  outfile = path.join(root, 'dist/switchyard-edge.mjs'),
): Promise<{ bytes: number; packages: string[] }> {
  const result = await build({
    entryPoints: [path.join(root, 'src/edge/edge-main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Error classes' names are the stable `name` on the wire; keep them through esbuild's renaming.
    keepNames: true,
    metafile: true,
    absWorkingDir: root,
    logLevel: 'warning',
    banner: { js: '// Switchyard Edge. Licensed under the Apache License, Version 2.0.' },
  });
  const [output] = Object.values(result.metafile.outputs);
  if (!output) throw new Error('esbuild wrote no edge bundle');
  const packages = [
    ...new Set(
      Object.keys(result.metafile.inputs)
        .map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1])
        .filter((name): name is string => name !== undefined),
    ),
  ];
  return { bytes: output.bytes, packages };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { bytes, packages } = await buildEdge();
  console.log(
    `[build:edge] dist/switchyard-edge.mjs, ${(bytes / 1024).toFixed(0)} kB${packages.length ? ` (bundles ${packages.join(', ')})` : ''}, in ${Math.round(performance.now() - started)} ms`,
  );
}
