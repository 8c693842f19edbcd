import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

export type Encoding = 'br' | 'gzip';
export type EncodedFile = { body: Buffer; encoding: Encoding; type: string };

/** The best encoding an `Accept-Encoding` allows: Brotli, then gzip; `q=0` refuses one. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part && !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * Text files of a build folder, compressed once per file version and kept in memory (a build is a few hundred kB),
 * so a browser downloads the admin UI's scripts at about a third of their size without a compression step per
 * request. Undefined for files that are not text, not in the folder, or when the caller accepts no encoding.
 */
export function createCompressedFiles(root: string) {
  const absolute = path.resolve(root);
  const cache = new Map<string, Buffer>();
  return (relative: string, acceptEncoding: string | undefined): EncodedFile | undefined => {
    const type = TYPES[path.extname(relative)];
    const encoding = type ? chooseEncoding(acceptEncoding) : undefined;
    if (!type || !encoding) return undefined;
    const file = path.resolve(absolute, relative);
    if (!file.startsWith(absolute + path.sep)) return undefined;
    let modified: number;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return undefined;
      modified = stat.mtimeMs;
    } catch {
      return undefined;
    }
    const key = `${encoding}:${modified}:${file}`;
    let body = cache.get(key);
    if (!body) {
      const raw = readFileSync(file);
      body =
        encoding === 'br'
          ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(raw, { level: 9 });
      cache.set(key, body);
    }
    return { body, encoding, type };
  };
}
