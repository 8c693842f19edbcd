import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The engine also runs in browsers (admin playground, docs): its source may import only itself.
describe('runtime source', () => {
  const directory = join(import.meta.dirname, '..', 'src');
  const sources = readdirSync(directory).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

  it('imports nothing but relative modules', () => {
    expect(sources.length).toBeGreaterThan(10);
    for (const file of sources) {
      const text = readFileSync(join(directory, file), 'utf8');
      const specifiers = [...text.matchAll(/\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'/g)].map(
        (match) => match[1] ?? match[2],
      );
      for (const specifier of specifiers) expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\//);
      expect(text, file).not.toMatch(/\bprocess\.|\brequire\(|\bBuffer\b/);
    }
  });
});
