import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../apps/server/src/testing/flag-builder.ts';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../apps/server/src/testing/test-app.ts';
import { runRefs } from '../src/index.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => t?.close());

describe('refs --upload', () => {
  it('uploads what it found to a running server, which shows it on the flag', async () => {
    await buildFlag(t.db, { name: 'go-payments' });
    await buildFlag(t.db, { name: 'new-checkout' });
    const out: string[] = [];
    const err: string[] = [];
    const code = await runRefs(
      [
        path.join(import.meta.dirname, 'fixtures/polyglot'),
        '--upload',
        '--branch',
        'main',
        '--repository',
        'acme/shop',
      ],
      { out: (s) => out.push(s), err: (s) => err.push(s) },
      { SWITCHYARD_URL: url, SWITCHYARD_TOKEN: ADMIN_TOKEN },
    );
    expect(code, err.join('')).toBe(0);
    expect(err.join('')).toContain('uploaded to project default: 2 references stored');
    const response = await t.admin({
      url: '/api/admin/projects/default/features/go-payments/code-references',
    });
    expect(response.json().references).toEqual([
      expect.objectContaining({
        repository: 'acme/shop',
        branch: 'main',
        file: 'services/go/main.go',
        line: 11,
      }),
    ]);
  });

  it('names the reason when the server refuses', async () => {
    const err: string[] = [];
    const code = await runRefs(
      [
        path.join(import.meta.dirname, 'fixtures/polyglot'),
        '--upload',
        '--branch',
        'main',
        '--project',
        'missing',
      ],
      { out: () => {}, err: (s) => err.push(s) },
      { SWITCHYARD_URL: url, SWITCHYARD_TOKEN: ADMIN_TOKEN },
    );
    expect(code).toBe(1);
    expect(err.join('')).toContain('The server refused the upload (404): Could not find project "missing"');
  });
});
