import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The JavaScript the first page downloads: the entry script and every chunk index.html preloads. */
export function firstLoadJs(distDir: string): { files: string[]; gzipBytes: number } {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const gzipBytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file))).length,
    0,
  );
  return { files, gzipBytes };
}
