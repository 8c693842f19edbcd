import { describe, expect, it } from 'vitest';
import { isShellBlock, metaValue, pageBlocks } from './prose-blocks';

const page = [
  'Intro',
  '',
  '```bash',
  'curl -s http://localhost:4242/health',
  '```',
  '',
  '```json output',
  '{ "health": "GOOD" }',
  '```',
  '',
  '1. In a list:',
  '',
  '   ```bash norun="starts a server"',
  '   npm run server',
  '     --flag',
  '   ```',
  '',
  '```js',
  "fetch('x'); // curl is only a word here",
  '```',
].join('\n');

describe('pageBlocks', () => {
  const blocks = pageBlocks('p.mdx', page);

  it('reads every fenced block with its line, language, meta and code, without a list indentation', () => {
    expect(blocks.map((b) => [b.index, b.line, b.lang, b.meta])).toEqual([
      [0, 3, 'bash', ''],
      [1, 7, 'json', 'output'],
      [2, 13, 'bash', 'norun="starts a server"'],
      [3, 18, 'js', ''],
    ]);
    expect(blocks[2]!.code).toBe('npm run server\n  --flag');
  });

  it('gives a block the output block that follows it', () => {
    expect(blocks[0]!.output).toEqual({ lang: 'json', code: '{ "health": "GOOD" }' });
    expect(blocks[2]!.output).toBeUndefined();
  });

  it('knows shell blocks and reads meta values', () => {
    expect(blocks.map(isShellBlock)).toEqual([true, false, true, false]);
    expect(metaValue(blocks[2]!.meta, 'norun')).toBe('starts a server');
  });
});
