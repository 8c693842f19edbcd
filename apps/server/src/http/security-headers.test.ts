import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let uiDir: string;
beforeAll(async () => {
  // A stand-in for the built admin UI: an index.html and one script, served as the real build would be.
  uiDir = await mkdtemp(path.join(tmpdir(), 'switchyard-ui-'));
  await mkdir(path.join(uiDir, 'assets'));
  await writeFile(path.join(uiDir, 'index.html'), '<!doctype html><script src="/assets/app.js"></script>');
  await writeFile(path.join(uiDir, 'assets', 'app.js'), 'console.log("ui")');
  t = await createTestApp({ ADMIN_UI_DIR: uiDir });
});
afterAll(async () => {
  await t.close();
  await rm(uiDir, { recursive: true, force: true });
});

const BASE = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

describe('security headers', () => {
  it('are on every answer: API data, errors and files', async () => {
    const answers = {
      data: await t.admin({ method: 'GET', url: '/api/admin/projects' }),
      unauthorized: await t.app.inject({ method: 'GET', url: '/api/admin/projects' }),
      missing: await t.admin({ method: 'GET', url: '/api/admin/nothing-here' }),
      script: await t.app.inject({ method: 'GET', url: '/assets/app.js' }),
    };
    expect(Object.values(answers).map((a) => a.statusCode)).toEqual([200, 401, 404, 200]);
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers, name).toMatchObject(BASE);
      expect(answer.headers['strict-transport-security'], name).toBeUndefined();
      expect(answer.headers['content-security-policy'], name).toBeUndefined();
    }
  });

  it('give the admin UI pages a content security policy that allows only its own scripts, and no framing', async () => {
    for (const url of ['/', '/index.html', '/projects/default']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect([page.statusCode, page.headers['content-type']], url).toEqual([200, 'text/html; charset=utf-8']);
      expect(page.headers, url).toMatchObject(BASE);
      const policy = Object.fromEntries(
        String(page.headers['content-security-policy'])
          .split('; ')
          .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).join(' ')]),
      );
      expect(policy).toMatchObject({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self' 'unsafe-inline'",
        'frame-ancestors': "'none'",
        'object-src': "'none'",
      });
    }
  });

  it('add Strict-Transport-Security only when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://flags.example.com' });
    try {
      for (const url of ['/', '/api/admin/projects']) {
        const answer = await secure.app.inject({ method: 'GET', url });
        expect(answer.headers['strict-transport-security'], url).toBe('max-age=31536000');
        expect(answer.headers, url).toMatchObject(BASE);
      }
    } finally {
      await secure.close();
    }
  });
});

describe('the built admin UI', () => {
  it('serves its files and the app shell publicly, and a missing file as a 404', async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/projects/default' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('/assets/app.js');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    for (const url of ['/assets/../../../../etc/passwd', '/assets/..%2F..%2F..%2F..%2Fetc%2Fhosts.conf']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBeLessThan(500);
      expect(answer.body, url).not.toMatch(/root:|localhost/);
    }
  });
});
