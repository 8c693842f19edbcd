import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../server/src/testing/server-process.ts';
import { ADMIN, cli, cliProcess, tempHome } from './cli-harness.ts';
import { startServer } from './cli-harness.ts';

let server: ServerProcess;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startServer();
  env = { SWITCHYARD_URL: server.url, SWITCHYARD_TOKEN: ADMIN };
});
afterAll(() => server?.stop());

describe('flags, segments, context fields and tokens', () => {
  it('creates, lists, shows, toggles and archives a flag', async () => {
    const created = await cli(
      ['flags', 'create', 'cli-checkout', '--description', 'New checkout', '--json'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'cli-checkout', type: 'release' });
    expect((await cli(['flags', 'toggle', 'cli-checkout', '-e', 'development', '--on'], env)).code).toBe(0);
    const list = await cli(['flags', 'list', '--json'], env);
    const flag = JSON.parse(list.stdout).find((f: { name: string }) => f.name === 'cli-checkout');
    expect(flag.environments.find((e: { name: string }) => e.name === 'development').enabled).toBe(true);
    const table = await cli(['flags', 'list'], env);
    expect(table.stdout).toMatch(/^NAME\s+TYPE\s+ON/);
    expect(table.stdout).toMatch(/cli-checkout\s+release\s+development/);
    // No --on or --off: flips the current state.
    expect((await cli(['flags', 'toggle', 'cli-checkout', '-e', 'development'], env)).stdout).toMatch(
      /enabled:\s+false/,
    );
    const shown = await cli(['flags', 'show', 'cli-checkout'], env);
    expect(shown.stdout).toContain('cli-checkout (release) in project default');
    expect(shown.stdout).toContain('development: off');
    expect((await cli(['flags', 'archive', 'cli-checkout'], env)).code).toBe(0);
    const after = JSON.parse((await cli(['flags', 'list', '--json'], env)).stdout);
    expect(after.map((f: { name: string }) => f.name)).not.toContain('cli-checkout');
  });

  it('manages segments, context fields and tokens', async () => {
    const field = await cli(
      ['context', 'create', 'cli-region', '--legal-value', 'eu', '--legal-value', 'us', '--stickiness'],
      env,
    );
    expect(field.code, field.stderr).toBe(0);
    const fields = JSON.parse((await cli(['context', 'list', '--json'], env)).stdout);
    expect(fields.find((f: { name: string }) => f.name === 'cli-region')).toMatchObject({
      stickiness: true,
      legalValues: [{ value: 'eu' }, { value: 'us' }],
    });
    const segment = await cli(
      ['segments', 'create', 'cli-eu', '--constraint', 'cli-region IN eu', '--json'],
      env,
    );
    expect(segment.code, segment.stderr).toBe(0);
    const segments = await cli(['segments', 'list'], env);
    expect(segments.stdout).toMatch(/cli-eu\s+\(global\)\s+1/);
    const token = await cli(
      ['tokens', 'create', 'cli-sdk', '--type', 'client', '-e', 'production', '--json'],
      env,
    );
    expect(token.code, token.stderr).toBe(0);
    expect(JSON.parse(token.stdout).secret).toMatch(/^\*:production\./);
    const tokens = await cli(['tokens', 'list'], env);
    expect(tokens.stdout).toMatch(/cli-sdk\s+client\s+production/);
  });

  it('names the field the server refuses', async () => {
    const refused = await cli(['context', 'create', 'has space'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/POST \/api\/admin\/context was refused \(400 bad request\)\n {2}name: /);
    const missing = await cli(['flags', 'show', 'no-such-flag'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/404 not found/);
  });

  it('signs in with options, the environment or a saved profile, in that order', async () => {
    const home = tempHome();
    const none = await cli(['flags', 'list'], {}, process.cwd(), home);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/not signed in/);
    const login = await cli(['login', '--url', server.url, '--token', ADMIN], {}, process.cwd(), home);
    expect(login.code, login.stderr).toBe(0);
    const file = path.join(home, '.config/switchyard/profiles.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await cli(['flags', 'list'], {}, process.cwd(), home)).code).toBe(0);
    // The environment wins over the profile, and an option over both.
    const wrong = await cli(['flags', 'list'], { SWITCHYARD_TOKEN: '*:*.wrong-token' }, process.cwd(), home);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/401/);
    const fixed = await cli(
      ['flags', 'list', '--token', ADMIN],
      { SWITCHYARD_TOKEN: '*:*.wrong-token' },
      process.cwd(),
      home,
    );
    expect(fixed.code).toBe(0);
    expect((await cli(['flags', 'list', '--profile', 'other'], {}, process.cwd(), home)).stderr).toMatch(
      /no profile "other"/,
    );
  });

  it('runs as a child process, with usage errors exiting 2', async () => {
    const help = await cliProcess(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: switchyard <command>');
    const list = await cliProcess(['flags', 'list', '--json'], env);
    expect(list.code, list.stderr).toBe(0);
    expect(Array.isArray(JSON.parse(list.stdout))).toBe(true);
    const unknown = await cliProcess(['flags', 'lisst'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command|unexpected argument/);
    const badOption = await cliProcess(['flags', 'list', '--colour'], env);
    expect(badOption.code).toBe(2);
    expect(badOption.stderr).toMatch(/--colour/);
  });
});

describe('refs, remove-flag and mcp, from the toolchain packages', () => {
  const repo = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-refs-'));
    writeFileSync(
      path.join(dir, 'checkout.ts'),
      [
        'declare const unleash: { isEnabled(name: string): boolean };',
        '// isEnabled("in-a-comment") is no reference',
        "export const label = unleash.isEnabled('cli-refs') ? 'new' : 'old';",
        '',
      ].join('\n'),
    );
    return dir;
  };

  it('lists the call sites in a directory, and uploads them to the project', async () => {
    const dir = repo();
    const listed = await cli(['refs', dir], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^checkout\.ts:3:\d+\tcli-refs\tisEnabled$/m);
    expect(listed.stdout).not.toContain('in-a-comment');
    expect((await cli(['flags', 'create', 'cli-refs'], env)).code).toBe(0);
    const uploaded = await cli(
      ['refs', dir, '--upload', '--repository', 'acme/web', '--branch', 'main'],
      env,
    );
    expect(uploaded.code, uploaded.stderr).toBe(0);
    expect(uploaded.stderr).toContain('1 references stored');
  });

  it('prints the patch that removes a flag, keeping the branch asked for', async () => {
    const dir = repo();
    const removed = await cli(['remove-flag', 'cli-refs', dir, '--keep', 'on'], env);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain("-export const label = unleash.isEnabled('cli-refs') ? 'new' : 'old';");
    expect(removed.stdout).toContain("+export const label = 'new';");
    expect((await cli(['remove-flag', 'cli-refs', dir, '--keep', 'maybe'], env)).code).toBe(2);
    const file = path.join(dir, 'checkout.ts');
    const onFile = await cli(['remove-flag', 'cli-refs', file, '--keep', 'on'], env);
    expect(onFile.code).toBe(2);
    expect(onFile.stderr).toContain('DIR must be a directory of source files');
  });

  it('refuses to serve MCP without a sign-in, naming what is missing', async () => {
    const refused = await cli(['mcp'], {}, process.cwd(), tempHome());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('not signed in: missing the server URL');
  });
});
