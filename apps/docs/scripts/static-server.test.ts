import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listen, resolveFile, staticHandler } from './static-server';

const root = mkdtempSync(path.join(tmpdir(), 'static-'));
mkdirSync(path.join(root, 'reference', 'sdks'), { recursive: true });
writeFileSync(path.join(root, 'index.html'), 'home');
writeFileSync(path.join(root, 'reference', 'sdks', 'index.html'), 'sdks');
writeFileSync(path.join(root, '404.html'), 'missing');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('resolveFile', () => {
  it('serves both slash forms of a route from its index.html', () => {
    expect(resolveFile(root, '/reference/sdks')).toBe(path.join(root, 'reference', 'sdks', 'index.html'));
    expect(resolveFile(root, '/reference/sdks/')).toBe(path.join(root, 'reference', 'sdks', 'index.html'));
    expect(resolveFile(root, '/reference/sdks/?q=1#x')).toBe(
      path.join(root, 'reference', 'sdks', 'index.html'),
    );
    expect(resolveFile(root, '/')).toBe(path.join(root, 'index.html'));
  });

  it('never leaves the root', () => {
    expect(resolveFile(root, '/../../etc/passwd')).toBeUndefined();
    expect(resolveFile(root, '/%2e%2e/%2e%2e/etc/passwd')).toBeUndefined();
    expect(resolveFile(root, '/%E0%A4%A')).toBeUndefined();
  });
});

describe('staticHandler', () => {
  it('answers 200 for pages and 404 with the site page otherwise', async () => {
    const { server, url } = await listen(staticHandler(root), 0);
    try {
      const page = await fetch(`${url}/reference/sdks`);
      expect([page.status, await page.text(), page.headers.get('content-type')]).toEqual([
        200,
        'sdks',
        'text/html; charset=utf-8',
      ]);
      const missing = await fetch(`${url}/nope`);
      expect([missing.status, await missing.text()]).toEqual([404, 'missing']);
      expect((await fetch(`${url}/`, { method: 'POST' })).status).toBe(405);
    } finally {
      server.close();
    }
  });
});
