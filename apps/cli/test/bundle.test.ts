import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the published package', () => {
  it('runs from its bundle alone, with yaml as its one dependency', () => {
    // The layout `npm pack` makes (files: bin, dist), installed beside its dependency, without the sources.
    const pkg = mkdtempSync(path.join(tmpdir(), 'switchyard-pkg-'));
    mkdirSync(path.join(pkg, 'bin'));
    mkdirSync(path.join(pkg, 'node_modules'));
    copyFileSync(path.join(root, 'bin/switchyard.mjs'), path.join(pkg, 'bin/switchyard.mjs'));
    copyFileSync(path.join(root, 'package.json'), path.join(pkg, 'package.json'));
    symlinkSync(path.resolve(root, '../../node_modules/yaml'), path.join(pkg, 'node_modules/yaml'));
    execFileSync(process.execPath, [
      path.join(root, 'scripts/build.mjs'),
      path.join(pkg, 'dist/switchyard.mjs'),
    ]);
    const run = (...args: string[]) =>
      execFileSync(process.execPath, [path.join(pkg, 'bin/switchyard.mjs'), ...args], {
        cwd: pkg,
        encoding: 'utf8',
      });
    expect(run('--version').trim()).toBe('0.1.0');
    expect(run('--help')).toContain('export           Write a project’s flags');
    expect(run('plan', '--help')).toContain('usage: switchyard plan [options] DIR');
  });
});
