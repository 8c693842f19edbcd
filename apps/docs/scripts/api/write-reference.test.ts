import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceTargets, syncFiles } from './write-reference';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-out-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('syncFiles', () => {
  it('writes new files, removes stale ones and leaves unchanged ones alone', () => {
    const out = temp();
    mkdirSync(path.join(out, 'old'));
    writeFileSync(path.join(out, 'old', 'gone.mdx'), 'x');
    writeFileSync(path.join(out, 'same.mdx'), 'same');
    const before = statSync(path.join(out, 'same.mdx')).mtimeMs;
    const result = syncFiles(
      out,
      new Map([
        ['same.mdx', 'same'],
        ['a/new.mdx', 'new'],
      ]),
    );
    expect(result).toEqual({ written: 1, removed: 1, unchanged: 1 });
    expect(readFileSync(path.join(out, 'a', 'new.mdx'), 'utf8')).toBe('new');
    expect(existsSync(path.join(out, 'old'))).toBe(false);
    expect(statSync(path.join(out, 'same.mdx')).mtimeMs).toBe(before);
  });
});

describe('referenceTargets', () => {
  it('uses OPENAPI_PATH, then the server document, then the fixture; and one target per released version', () => {
    const site = path.join(temp(), 'apps', 'docs');
    mkdirSync(site, { recursive: true });
    writeFileSync(path.join(site, 'versions.json'), '["0.2","0.1"]');
    const [current, ...versions] = referenceTargets(site, {});
    expect(current?.spec).toBe(path.join(site, 'tests', 'fixtures', 'openapi.json'));
    expect(current?.note).toMatch(/does not exist yet/);
    expect(versions.map((v) => v.name)).toEqual(['0.2', '0.1']);
    expect(versions[0]?.spec).toBe(
      path.join(site, 'versioned_docs', 'version-0.2', 'reference', 'api', 'unleash', 'openapi.json'),
    );

    mkdirSync(path.join(site, '..', 'server'));
    writeFileSync(path.join(site, '..', 'server', 'openapi.json'), '{}');
    expect(referenceTargets(site, {})[0]?.spec).toBe(path.join(site, '..', 'server', 'openapi.json'));
    expect(referenceTargets(site, { OPENAPI_PATH: '/tmp/x.json' })[0]?.spec).toBe('/tmp/x.json');
  });
});
