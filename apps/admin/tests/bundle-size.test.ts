// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadJs } from './bundle-size.ts';

describe('production bundle', () => {
  it('keeps the first page under 350 kB of gzipped JavaScript, with screens split out', () => {
    const { files, gzipBytes } = firstLoadJs(path.resolve(import.meta.dirname, '../dist'));
    console.log(`[admin] first-load JS: ${(gzipBytes / 1024).toFixed(1)} kB gzip in ${files.length} file(s)`);
    expect(files.length).toBeGreaterThan(0);
    expect(gzipBytes).toBeLessThan(350 * 1024);
  });
});
