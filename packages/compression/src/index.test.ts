import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseEncoding, createCompressionCache } from './index.ts';

describe('chooseEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=1.0, br;q=0.0')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('BR')).toBe('br');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip;q=0')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('createCompressionCache', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('compresses a file once per version and again when it changes', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'compression-'));
    const file = path.join(dir, 'app.js');
    writeFileSync(file, 'console.log("first");'.repeat(50));
    const compressed = createCompressionCache();
    const first = compressed(file, 'br');
    expect(brotliDecompressSync(first).toString()).toBe('console.log("first");'.repeat(50));
    expect(first.length).toBeLessThan(200);
    expect(compressed(file, 'br')).toBe(first);
    expect(gunzipSync(compressed(file, 'gzip')).toString()).toContain('first');
    writeFileSync(file, 'console.log("second");');
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(brotliDecompressSync(compressed(file, 'br')).toString()).toBe('console.log("second");');
  });
});
