import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../server/src/testing/server-process.ts';
import { ADMIN, startServer, tempHome } from './cli-harness.ts';

const run = promisify(execFile);
const cliDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The package as npm publishes it: `npm pack` (its prepack bundles dist/), then `npm install` of the tarball into
 * an empty directory with `--offline` and an empty cache, so nothing but the tarball can be installed, then the
 * installed `switchyard` binary against a real server.
 */
let server: ServerProcess;
let bin: string;
let installed: string;
let packed: { files: { path: string }[] };
const home = tempHome();

beforeAll(async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'switchyard-npm-'));
  const [started, pack] = await Promise.all([
    startServer(),
    run('npm', ['pack', '--json', '--pack-destination', work], { cwd: cliDir, timeout: 60_000 }),
  ]);
  server = started;
  // prepack's own line comes first on stdout; the JSON report follows it.
  [packed] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[\n'))) as [typeof packed];
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
  const project = path.join(work, 'project');
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), '{ "name": "uses-switchyard", "private": true }\n');
  await run(
    'npm',
    [
      'install',
      '--offline',
      '--cache',
      path.join(work, 'empty-cache'),
      '--no-audit',
      '--no-fund',
      path.join(work, tarball),
    ],
    { cwd: project, timeout: 60_000 },
  );
  installed = path.join(project, 'node_modules/@switchyard/cli');
  bin = path.join(project, 'node_modules/.bin/switchyard');
}, 150_000);
afterAll(() => server?.stop());

const switchyard = async (...args: string[]) => {
  const { stdout } = await run(bin, args, {
    cwd: home,
    env: { PATH: process.env.PATH, HOME: home, SWITCHYARD_URL: server.url, SWITCHYARD_TOKEN: ADMIN },
    timeout: 30_000,
  });
  return stdout;
};

describe('the npm package', () => {
  it('carries the bundle, the README and the bundled licences, and depends on nothing', () => {
    const files = packed.files.map((f) => f.path).sort();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'bin/switchyard.mjs', 'dist/switchyard.mjs']));
    expect(files).toContain('dist/THIRD-PARTY-LICENSES.md');
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('test/'))).toEqual([]);
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | string | undefined
    >;
    expect(manifest.license).toBe('Apache-2.0');
    // What an install pulls in: nothing, so no unpublished @switchyard/* package and no network.
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies'])
      expect(manifest[field], field).toBeUndefined();
    expect(readdirSync(path.join(installed, '..', '..'))).toEqual([
      '.bin',
      '.package-lock.json',
      '@switchyard',
    ]);
    const licences = readFileSync(path.join(installed, 'dist/THIRD-PARTY-LICENSES.md'), 'utf8');
    for (const name of ['yaml', 'typescript', '@modelcontextprotocol/sdk', 'zod'])
      expect(licences).toContain(`## ${name} `);
  });

  it('runs --help and real commands from the installed binary', async () => {
    expect((await switchyard('--version')).trim()).toBe('0.1.0');
    expect(await switchyard('--help')).toContain('usage: switchyard <command> [options]');
    const created = JSON.parse(
      await switchyard('flags', 'create', 'npm-installed', '--description', 'From the tarball', '--json'),
    ) as { name: string };
    expect(created.name).toBe('npm-installed');
    const listed = JSON.parse(await switchyard('flags', 'list', '--json')) as { name: string }[];
    expect(listed.map((f) => f.name)).toContain('npm-installed');
    // export writes YAML (the bundled yaml package) and its schema.
    const dir = path.join(home, 'flags-as-code');
    await switchyard('export', '--project', 'default', dir);
    expect(readFileSync(path.join(dir, 'flags/npm-installed.yaml'), 'utf8')).toContain(
      'description: From the tarball',
    );
    // remove-flag parses with the bundled TypeScript compiler.
    const code = path.join(home, 'code');
    mkdirSync(code);
    writeFileSync(
      path.join(code, 'checkout.ts'),
      "declare const unleash: { isEnabled(name: string): boolean };\nexport const price = unleash.isEnabled('npm-installed') ? 1 : 2;\n",
    );
    expect(await switchyard('remove-flag', 'npm-installed', '--keep', 'on', code)).toContain(
      '+export const price = 1;',
    );
  });

  it('serves MCP over stdio with the bundled SDK', async () => {
    const client = new Client({ name: 'npm-package-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: bin,
        args: ['mcp'],
        env: { PATH: process.env.PATH!, HOME: home, SWITCHYARD_URL: server.url, SWITCHYARD_TOKEN: ADMIN },
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('find_flags');
    } finally {
      await client.close();
    }
  });
});
