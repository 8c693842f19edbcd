#!/usr/bin/env node
// `switchyard`: in the repository, the TypeScript sources through tsx (a root devDependency), so a fresh clone needs
// no build step; in the published package, which carries no sources, the bundle scripts/build.mjs wrote to dist/.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/switchyard.mjs', import.meta.url).href);
}
