import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite, staleReason } from '../scripts/build-site';

/** Builds the site once before the site tests when build/ is missing or older than its sources. */
export default async function setup(): Promise<void> {
  const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (process.env.DOCS_SKIP_BUILD === '1') {
    console.log('[docs tests] DOCS_SKIP_BUILD=1: not building; the site tests read build/ as it is');
    return;
  }
  const reason = staleReason(siteDir);
  if (!reason) {
    console.log('[docs tests] build/ is up to date');
    return;
  }
  console.log(`[docs tests] building the site (${reason}); this takes about a minute`);
  const ms = await buildSite(siteDir, {
    onOutput: (chunk) => process.stdout.write(chunk.replace(/^/gm, '[docs build] ')),
  });
  console.log(`[docs tests] built in ${(ms / 1000).toFixed(1)} s`);
}
