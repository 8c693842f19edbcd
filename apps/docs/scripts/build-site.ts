import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Written after a successful build; its time is compared with the sources'. */
export const STAMP_FILE = '.build-stamp';

/** Everything a build reads, relative to the site folder. */
const INPUTS = [
  'docs',
  'versioned_docs',
  'versioned_sidebars',
  'versions.json',
  'src',
  'plugins',
  'static',
  'examples',
  'scripts/api',
  'docusaurus.config.ts',
  'sidebars.ts',
  'tests/fixtures/openapi.json',
  '../server/openapi.json',
  '../server/src/config-variables.ts',
  '../../package.json',
];

function newestChange(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestChange(path.join(file, entry)));
  return newest;
}

/** The stamp's line naming the DOCS_URL a build was made for: its links and paths depend on it. */
const docsUrlLine = (env: NodeJS.ProcessEnv) => `DOCS_URL=${env.DOCS_URL ?? ''}`;

/** Why the build folder needs rebuilding, or undefined when it is up to date. */
export function staleReason(siteDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const stamp = path.join(siteDir, 'build', STAMP_FILE);
  if (!existsSync(stamp)) return 'no complete build yet';
  const builtFor =
    readFileSync(stamp, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('DOCS_URL=')) ?? 'DOCS_URL=';
  if (builtFor !== docsUrlLine(env)) return `the last build was for ${builtFor}, not ${docsUrlLine(env)}`;
  const built = statSync(stamp).mtimeMs;
  const changed = INPUTS.find((input) => newestChange(path.resolve(siteDir, input)) > built);
  return changed ? `${changed} changed since the last build` : undefined;
}

/**
 * Runs `docusaurus build` in the site folder, passing its progress output through, and stamps the result. Rejects
 * when the build fails (broken links, invalid front matter, ...).
 */
export async function buildSite(
  siteDir: string,
  { env = process.env, onOutput }: { env?: NodeJS.ProcessEnv; onOutput?: (chunk: string) => void } = {},
): Promise<number> {
  const bin = createRequire(path.join(siteDir, 'package.json')).resolve(
    '@docusaurus/core/bin/docusaurus.mjs',
  );
  const started = Date.now();
  const child = spawn(process.execPath, [bin, 'build'], {
    cwd: siteDir,
    env,
    stdio: onOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  child.stdout?.on('data', (chunk: Buffer) => onOutput?.(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => onOutput?.(chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`docusaurus build exited with code ${code}`);
  writeFileSync(
    path.join(siteDir, 'build', STAMP_FILE),
    `${new Date().toISOString()}\n${docsUrlLine(env)}\n`,
  );
  return Date.now() - started;
}
