import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The best encoding an `Accept-Encoding` allows: Brotli, then gzip (also for `*`); `q=0` refuses one. */
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

/** The body in an encoding, at the strongest settings: files are compressed once, not per request. */
export function compress(raw: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
    : gzipSync(raw, { level: 9 });
}

/**
 * Compressed bodies of files, made once per file version (its modification time) and kept in memory: a build
 * folder is a few hundred kB and does not change under a running server.
 */
export function createCompressionCache(): (file: string, encoding: Encoding) => Buffer {
  const cache = new Map<string, Buffer>();
  return (file, encoding) => {
    const key = `${encoding}:${statSync(file).mtimeMs}:${file}`;
    let body = cache.get(key);
    if (!body) {
      body = compress(readFileSync(file), encoding);
      cache.set(key, body);
    }
    return body;
  };
}
