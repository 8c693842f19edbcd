import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let uiDir: string;
const script = `console.log(${JSON.stringify('switchyard '.repeat(400))});`;
beforeAll(async () => {
  // A stand-in for the built admin UI: the app shell, a hashed script and an image.
  uiDir = await mkdtemp(path.join(tmpdir(), 'switchyard-ui-'));
  await mkdir(path.join(uiDir, 'assets'));
  await writeFile(
    path.join(uiDir, 'index.html'),
    '<!doctype html><script src="/assets/app-1a2b.js"></script>',
  );
  await writeFile(path.join(uiDir, 'assets', 'app-1a2b.js'), script);
  await writeFile(path.join(uiDir, 'favicon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await createTestApp({ ADMIN_UI_DIR: uiDir });
});
afterAll(async () => {
  await t.close();
  await rm(uiDir, { recursive: true, force: true });
});

describe('the admin UI files', () => {
  it('sends scripts compressed, cached for a year when hashed, and the app shell revalidated', async () => {
    const br = await t.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'accept-encoding',
    });
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await t.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/app-1a2b.js' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, script]);
    expect(plain.headers['cache-control']).toContain('immutable');

    // A client-side route gets the app shell, which must be asked for again after each release.
    const shell = await t.app.inject({ url: '/projects/web', headers: { 'accept-encoding': 'gzip' } });
    expect(shell.headers['cache-control']).toBe('public, max-age=0');
    expect(gunzipSync(shell.rawPayload).toString()).toContain('app-1a2b.js');
  });

  it('sends images as they are and never leaves the folder', async () => {
    const image = await t.app.inject({ url: '/favicon.png', headers: { 'accept-encoding': 'gzip, br' } });
    expect([image.statusCode, image.headers['content-encoding']]).toEqual([200, undefined]);
    for (const url of ['/assets/..%2f..%2fetc%2fpasswd.js', '/%E0%A4%A.js', '/assets/missing.js']) {
      const answer = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      // Refused (400 for a malformed address, 403) or not found (404); never a file from outside, never a 5xx.
      expect([400, 403, 404], url).toContain(answer.statusCode);
      expect(answer.body, url).not.toContain('root:');
    }
  });
});
