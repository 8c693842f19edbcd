import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { listen, resolveFile, staticHandler } from './static-server';

const root = mkdtempSync(path.join(tmpdir(), 'static-'));
mkdirSync(path.join(root, 'reference', 'sdks'), { recursive: true });
writeFileSync(path.join(root, 'index.html'), 'home');
writeFileSync(path.join(root, 'reference', 'sdks', 'index.html'), 'sdks');
writeFileSync(path.join(root, '404.html'), 'missing');
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
mkdirSync(path.join(root, 'assets'));
writeFileSync(path.join(root, 'assets', 'main.js'), script);
writeFileSync(path.join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
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

describe('compression', () => {
  it('serves text gzipped as a CDN would, and images as they are', async () => {
    const { server, url } = await listen(staticHandler(root), 0);
    try {
      const plain = await fetch(`${url}/assets/main.js`, { headers: { 'Accept-Encoding': 'identity' } });
      expect([plain.headers.get('content-encoding'), await plain.text()]).toEqual([null, script]);
      // node's fetch decodes bodies itself, so read the raw bytes through a plain request.
      const { request } = await import('node:http');
      const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request(`${url}/assets/main.js`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
      expect(raw.headers['content-encoding']).toBe('gzip');
      expect(raw.headers.vary).toBe('Accept-Encoding');
      expect(raw.body.length).toBeLessThan(script.length / 10);
      expect(gunzipSync(raw.body).toString()).toBe(script);
      const image = await fetch(`${url}/logo.png`, { headers: { 'Accept-Encoding': 'gzip, br' } });
      expect(image.headers.get('content-encoding')).toBeNull();
    } finally {
      server.close();
    }
  });
});

describe('the server info', () => {
  it('announces the Switchyard beside the docs under any base path, and only when it is given', async () => {
    const beside = await listen(staticHandler(root, { serverUrl: 'http://localhost:5151' }), 0);
    const alone = await listen(staticHandler(root), 0);
    try {
      for (const at of ['/switchyard-server.json', '/docs/switchyard-server.json?x=1']) {
        const answer = await fetch(`${beside.url}${at}`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(await answer.json()).toEqual({ url: 'http://localhost:5151' });
      }
      expect((await fetch(`${alone.url}/switchyard-server.json`)).status).toBe(404);
    } finally {
      beside.server.close();
      alone.server.close();
    }
  });
});
