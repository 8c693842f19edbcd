import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerEnv } from './support/examples';
import { isShellBlock, proseBlocks, type ProseBlock } from './support/prose-blocks';
import { missingShape } from './support/prose-output';
import { NO_RUN_RULES, noRunRule } from './support/prose-rules';
import { resetServer } from './support/reset-server';
import { siteDir } from './support/site';
import { startSwitchyard, type RunningServer } from './support/switchyard-server';

/**
 * Every shell block and curl line in the pages runs, as written, against a Switchyard started for this test: the
 * blocks are read from the MDX, the reader's http://localhost:4242 becomes the test server's address and the variables
 * the pages use are set as the quickstart sets them. A page's blocks run in page order from a freshly reset server, so
 * each page must show its own setup. curl fails on an HTTP error unless the block prints the status itself (-w, -i),
 * and only loopback addresses may be called. A block that is not run must match a reviewed rule in prose-rules.ts.
 */
const QUICKSTART = {
  admin: '*:*.quickstart-admin-secret',
  client: 'default:development.quickstart-client-secret',
  frontend: 'default:development.quickstart-frontend-secret',
};

const MARKER = '__prose_block_';
const blocks = proseBlocks();
const runnable = blocks.filter((block) => isShellBlock(block) && !noRunRule(block));
const pages = [...new Set(runnable.map((block) => block.page))];

let server: RunningServer;
let env: NodeJS.ProcessEnv;
let shimDir: string;

/**
 * A curl on the PATH that refuses other hosts, gives up on one request after 15 s (a page's shell has 60 s), and fails
 * on an HTTP error unless the block prints the status.
 */
function writeCurlShim(dir: string): void {
  const shim = path.join(dir, 'curl');
  writeFileSync(
    shim,
    `#!/usr/bin/env bash
fail=--fail-with-body
for arg in "$@"; do
  case "$arg" in
    http://127.0.0.1:*|http://localhost:*) ;;
    http://*|https://*) echo "prose test: only the local server may be called, not $arg" >&2; exit 97 ;;
    -w|--write-out|-D|--dump-header|--include|-v|--verbose) fail= ;;
    --*) ;;
    -*[iv]*) fail= ;;
  esac
done
/usr/bin/curl --max-time 15 $fail "$@"
status=$?
# 23 is a write error: the reader's pipe closed early, as \`| head\` does, which is no failure of the command.
[ "$status" = 23 ] && exit 0
exit "$status"
`,
  );
  chmodSync(shim, 0o755);
}

/** The `switchyard` command on the PATH, as `npm install --global @switchyard/cli` puts it: this checkout's CLI. */
function writeCliShim(dir: string): void {
  const shim = path.join(dir, 'switchyard');
  const bin = path.join(siteDir, '../cli/bin/switchyard.mjs');
  writeFileSync(shim, `#!/usr/bin/env bash\nexec "${process.execPath}" "${bin}" "$@"\n`);
  chmodSync(shim, 0o755);
}

/** A personal access token for the admin user, made as how-to-use-the-admin-api shows. */
async function createPat(url: string): Promise<string> {
  const login = await fetch(`${url}/auth/simple/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'unleash4all' }),
  });
  const cookie = (login.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
  const created = await fetch(`${url}/api/admin/user/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie },
    body: JSON.stringify({ description: 'prose samples', expiresAt: '2099-01-01T00:00:00Z' }),
  });
  const { secret } = (await created.json()) as { secret: string };
  return secret;
}

beforeAll(async () => {
  server = await startSwitchyard({
    INIT_ADMIN_API_TOKENS: QUICKSTART.admin,
    INIT_CLIENT_API_TOKENS: QUICKSTART.client,
    INIT_FRONTEND_API_TOKENS: QUICKSTART.frontend,
  });
  shimDir = mkdtempSync(path.join(tmpdir(), 'switchyard-prose-'));
  writeCurlShim(shimDir);
  writeCliShim(shimDir);
  const pat = await createPat(server.url);
  env = readerEnv({
    PATH: `${shimDir}${path.delimiter}${process.env.PATH ?? ''}`,
    SWITCHYARD_URL: server.url,
    SWITCHYARD_ADMIN_TOKEN: QUICKSTART.admin,
    SWITCHYARD_TOKEN: QUICKSTART.admin,
    ADMIN_TOKEN: QUICKSTART.admin,
    SWITCHYARD_CLIENT_TOKEN: QUICKSTART.client,
    CLIENT_TOKEN: QUICKSTART.client,
    SWITCHYARD_FRONTEND_TOKEN: QUICKSTART.frontend,
    FRONTEND_TOKEN: QUICKSTART.frontend,
    SWITCHYARD_PAT: pat,
    MY_PAT: pat,
    MY_PERSONAL_ACCESS_TOKEN: pat,
    PROJECT: 'default',
  });
});
afterAll(async () => {
  await server?.stop();
  if (shimDir) rmSync(shimDir, { recursive: true, force: true });
});

/** The block as the reader's shell would run it, with the reader's local address pointing at the test server. */
function asRun(block: ProseBlock): string {
  return block.code.replace(/http:\/\/(localhost|127\.0\.0\.1):4242/g, server.url);
}

function runBash(
  script: string,
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('prose samples', () => {
  it('every block is run or classified by a reviewed rule, and every rule is used', () => {
    const used = new Set(blocks.map(noRunRule).filter(Boolean));
    const unused = NO_RUN_RULES.filter((rule) => !used.has(rule)).map((rule) => rule.reason);
    expect(unused, 'rules no block needs any more').toEqual([]);
    const curlLines = runnable.flatMap((b) => b.code.split('\n')).filter((l) => /(^|\s|\$\()curl\s/.test(l));
    const skipped = blocks.filter((b) => isShellBlock(b) && noRunRule(b)).length;
    console.log(
      `[prose] ${runnable.length} shell blocks with ${curlLines.length} curl lines run on ${pages.length} pages; ` +
        `${skipped} shell blocks and ${blocks.length - runnable.length - skipped} other blocks classified`,
    );
    expect(runnable.length).toBeGreaterThan(100);
  });

  describe.each(pages)('%s', (page) => {
    it('runs every shell block in page order', { timeout: 180_000 }, async () => {
      await resetServer(server.url, QUICKSTART.admin);
      const cwd = mkdtempSync(path.join(tmpdir(), 'switchyard-page-'));
      try {
        // One shell for the page, as a reader pastes one block after another into one terminal: a variable a block
        // sets (ETAG=..., export ...) reaches the blocks after it. A marker after each block splits the output.
        const pageBlocks = runnable.filter((b) => b.page === page);
        const script = pageBlocks.map((b, n) => `${asRun(b)}\nprintf '\\n${MARKER}%d\\n' ${n}`).join('\n');
        const { code, stdout, stderr } = await runBash(script, cwd);
        const printed = stdout.split(new RegExp(`\\n${MARKER}\\d+\\n`));
        const finished = printed.length - 1;
        const failed = pageBlocks[finished];
        expect(
          code,
          failed ? `${page}:${failed.line} exits 0\n$ ${failed.code}\n${printed[finished]}${stderr}` : stderr,
        ).toBe(0);
        for (const [n, block] of pageBlocks.entries()) {
          if (!block.output) continue;
          const problems = missingShape(block.output, printed[n] ?? '');
          expect(problems, `${page}:${block.line} prints what the page shows\n${printed[n]}`).toEqual([]);
        }
      } finally {
        rmSync(cwd, { recursive: true, force: true });
      }
    });
  });
});
