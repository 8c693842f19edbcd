import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STAMP_FILE, staleReason } from './build-site';

const site = path.join(mkdtempSync(path.join(tmpdir(), 'site-')), 'apps', 'docs');
mkdirSync(path.join(site, 'docs', 'reference'), { recursive: true });
afterAll(() => rmSync(path.resolve(site, '..', '..'), { recursive: true, force: true }));

const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

describe('staleReason', () => {
  it('asks for a build until one has completed, then only when a source is newer than it', () => {
    const page = path.join(site, 'docs', 'reference', 'segments.mdx');
    writeFileSync(page, '---\ntitle: x\n---\n');
    at(page, 1_000);
    at(path.join(site, 'docs', 'reference'), 1_000);
    at(path.join(site, 'docs'), 1_000);
    expect(staleReason(site)).toBe('no complete build yet');

    mkdirSync(path.join(site, 'build'));
    const stamp = path.join(site, 'build', STAMP_FILE);
    writeFileSync(stamp, 'x');
    at(stamp, 2_000);
    expect(staleReason(site)).toBeUndefined();

    at(page, 3_000);
    expect(staleReason(site)).toBe('docs changed since the last build');
  });

  it('asks for a build when DOCS_URL differs from the one the build was made for', () => {
    const stamp = path.join(site, 'build', STAMP_FILE);
    writeFileSync(stamp, 'x\nDOCS_URL=https://cdn.example.com/docs/\n');
    at(stamp, 4_000);
    expect(staleReason(site, { DOCS_URL: 'https://cdn.example.com/docs/' })).toBeUndefined();
    expect(staleReason(site, {})).toBe(
      'the last build was for DOCS_URL=https://cdn.example.com/docs/, not DOCS_URL=',
    );
  });
});
