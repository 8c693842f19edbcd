import { statSync } from 'node:fs';
import path from 'node:path';
import { chooseEncoding, createCompressionCache, type Encoding } from '@switchyard/compression';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

export type EncodedFile = { body: Buffer; encoding: Encoding; type: string };

/**
 * Text files of a build folder, compressed once per file version and kept in memory (a build is a few hundred kB),
 * so a browser downloads the admin UI's scripts at about a third of their size without a compression step per
 * request. Undefined for files that are not text, not in the folder, or when the caller accepts no encoding.
 */
export function createCompressedFiles(root: string) {
  const absolute = path.resolve(root);
  const compressed = createCompressionCache();
  return (relative: string, acceptEncoding: string | undefined): EncodedFile | undefined => {
    const type = TYPES[path.extname(relative)];
    const encoding = type ? chooseEncoding(acceptEncoding) : undefined;
    if (!type || !encoding) return undefined;
    const file = path.resolve(absolute, relative);
    if (!file.startsWith(absolute + path.sep)) return undefined;
    try {
      return statSync(file).isFile() ? { body: compressed(file, encoding), encoding, type } : undefined;
    } catch {
      return undefined; // gone since the router looked
    }
  };
}
