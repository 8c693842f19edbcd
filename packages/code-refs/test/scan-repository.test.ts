import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanRepository } from '../src/index.ts';

const fixture = path.join(import.meta.dirname, 'fixtures/polyglot');
const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Every `expect: flag` marker in the fixture: the call site on that line names that flag. */
function expectedSites(root: string): string[] {
  const sites: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else
        readFileSync(full, 'utf8')
          .split('\n')
          .forEach((text, index) => {
            const marker = /expect: (\S+)/.exec(text);
            if (marker) sites.push(`${path.relative(root, full)}:${index + 1} ${marker[1]}`);
          });
    }
  };
  visit(root);
  return sites.sort();
}

/** A copy of the fixture with files that must not be read: ignored ones, node_modules, a binary. */
function copyFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'code-refs-'));
  temporary.push(dir);
  cpSync(fixture, dir, { recursive: true });
  mkdirSync(path.join(dir, 'out'));
  writeFileSync(path.join(dir, 'out/bundle.js'), "unleash.isEnabled('decoy-ignored-dir');\n");
  writeFileSync(path.join(dir, 'web/src/api.generated.ts'), "unleash.isEnabled('decoy-ignored-file');\n");
  writeFileSync(
    path.join(dir, 'web/src/keep.generated.ts'),
    "unleash.isEnabled('negated-ignore'); // expect: negated-ignore\n",
  );
  mkdirSync(path.join(dir, 'node_modules/unleash-client'), { recursive: true });
  writeFileSync(path.join(dir, 'node_modules/unleash-client/index.js'), "isEnabled('decoy-node-modules');\n");
  writeFileSync(path.join(dir, 'web/src/image.js'), Buffer.from("\0\0isEnabled('decoy-binary')\0", 'latin1'));
  return dir;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd,
    encoding: 'utf8',
  });

describe('scanRepository', () => {
  it('finds every call site of every SDK in a Git repository, and nothing in comments, strings or other calls', () => {
    const dir = copyFixture();
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'remote', 'add', 'origin', 'git@github.com:acme/shop.git');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'fixture');
    const commit = git(dir, 'rev-parse', 'HEAD').trim();

    const result = scanRepository(dir);

    const found = result.references.map((r) => `${r.file}:${r.line} ${r.flag}`).sort();
    expect(found).toEqual(expectedSites(dir));
    expect(found.length).toBeGreaterThanOrEqual(30);
    expect(result.references.some((r) => r.flag.startsWith('decoy'))).toBe(false);
    expect(result).toMatchObject({
      repository: 'acme/shop',
      repositoryUrl: 'https://github.com/acme/shop',
      commit,
      branch: 'main',
    });
  });

  it('names the column of the flag argument and the method called', () => {
    const dir = copyFixture();
    const result = scanRepository(dir, { flags: ['new-checkout', 'ios-onboarding', 'rust_search'] });
    expect(result.references).toEqual([
      {
        flag: 'ios-onboarding',
        file: 'mobile/ios/ContentView.swift',
        line: 7,
        column: 36,
        method: 'isEnabled',
      },
      { flag: 'rust_search', file: 'services/rs/main.rs', line: 13, column: 40, method: 'is_enabled' },
      { flag: 'new-checkout', file: 'web/src/server.ts', line: 8, column: 25, method: 'isEnabled' },
    ]);
  });

  it('honours .gitignore files itself outside a Git work tree', () => {
    const dir = copyFixture();
    const result = scanRepository(dir);
    expect(result.references.map((r) => `${r.file}:${r.line} ${r.flag}`).sort()).toEqual(expectedSites(dir));
    expect(result.commit).toBeUndefined();
    expect(result.repository).toBe(path.basename(dir));
  });
});
