import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Context as SdkContext, InMemStorageProvider, Unleash } from 'unleash-client';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../server/src/testing/test-app.ts';
import { freePort } from '../../server/src/testing/server-process.ts';
import { createAdminClient } from '../src/admin-client.ts';
import { readFromApi } from '../src/api-reader.ts';
import { migrate, type MigrateOptions } from '../src/migrate.ts';
import { formatReport } from '../src/report.ts';
import { sampleContexts, segmentUse } from '../src/verify.ts';
import { seedUnleash, type Seeded } from './seed-unleash.ts';
import { startUnleash, type UnleashProcess } from './unleash-process.ts';

let unleash: UnleashProcess;
let seeded: Seeded;
let target: TestApp;
let targetUrl: string;
const quiet = { step() {}, done() {} };

beforeAll(async () => {
  [unleash, target] = await Promise.all([startUnleash(await freePort()), createTestApp()]);
  targetUrl = await target.app.listen({ port: 0, host: '127.0.0.1' });
  seeded = await seedUnleash(unleash.url, unleash.adminToken);
});
afterAll(async () => {
  await target?.close();
  await unleash?.stop();
});

const options = (extra: Partial<MigrateOptions> = {}): MigrateOptions => ({
  from: { url: unleash.url, token: unleash.adminToken },
  to: { url: targetUrl, token: ADMIN_TOKEN },
  progress: quiet,
  ...extra,
});

async function sdk(url: string, token: string): Promise<Unleash> {
  const client = new Unleash({
    url: `${url}/api/`,
    appName: 'migrate-test',
    customHeaders: { Authorization: token },
    disableMetrics: true,
    refreshInterval: 600_000,
    storageProvider: new InMemStorageProvider(),
  });
  await once(client, 'synchronized');
  return client;
}

describe('npm run migrate from a real Unleash 7.6.5', () => {
  it('plans on a dry run and writes nothing', async () => {
    const before = await readFromApi(createAdminClient(targetUrl, ADMIN_TOKEN));
    const result = await migrate(options({ dryRun: true }));
    expect(result.writes).toBe(0);
    expect(result.counts.create).toBeGreaterThan(10);
    const planned = result.steps.filter((s) => s.action === 'create').map((s) => `${s.kind} ${s.key}`);
    expect(planned).toEqual(
      expect.arrayContaining([
        'segment beta-testers',
        'flag checkout',
        'strategies checkout/development',
        'archived flag old-banner',
        'dependency checkout-wallets → checkout',
        'user ada@example.com',
      ]),
    );
    const after = await readFromApi(createAdminClient(targetUrl, ADMIN_TOKEN));
    expect(after).toEqual(before);
  });

  it('migrates everything, and both servers serve the same flags to the same tokens', async () => {
    const result = await migrate(options());
    const report = formatReport(result);
    expect(result.failures, report).toEqual([]);
    expect(result.counts.conflict, report).toBe(0);
    // The two seeded client tokens and the weak one Unleash created at start.
    expect(result.checks?.length, report).toBe(3);
    for (const check of result.checks ?? []) {
      expect(check.targetDigest, report).toBe(check.sourceDigest);
      expect(check.differentFlags).toEqual([]);
      expect(check.differentResults).toEqual([]);
      expect(check.differentSegments).toEqual([]);
      expect(check.unusedTargetSegments).toEqual([]);
      expect(check.evaluations).toBeGreaterThan(0);
    }
    // Segments are compared through the flags that use them. Unleash serves every segment in use anywhere: its
    // production payload carries beta-testers, which only a development strategy uses; Switchyard's does not
    // (decision record 0024), and the payloads still verify as the same. Development's flags use it on both sides.
    const payloads = async (token: string) =>
      Promise.all(
        [unleash.url, targetUrl].map(async (url) =>
          segmentUse(await createAdminClient(url, ADMIN_TOKEN).client('/api/client/features', token)),
        ),
      );
    const [unleashProduction, targetProduction] = await payloads(seeded.clientProduction);
    expect(unleashProduction!.unused).toEqual(['beta-testers']);
    expect(targetProduction).toEqual({ used: new Map(), unused: [] });
    const [unleashDevelopment, targetDevelopment] = await payloads(seeded.clientDevelopment);
    expect([...targetDevelopment!.used.keys()]).toEqual(['beta-testers']);
    expect(targetDevelopment!.used).toEqual(unleashDevelopment!.used);
    // Integrations whose secrets Unleash masks are left for a person, and the report says so.
    expect(report).toMatch(/integration datadog "metrics": the source masks apiKey/);
    expect(report).toMatch(/Not moved:[\s\S]*change requests/);
    expect(result.resetLinks.get('ada@example.com')).toMatch(/^http/);

    // Tokens too short for a new secret move as they are, and the report names them, never their secret.
    expect(result.weakTokens).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^admin token .*\(\*:\*\.…\)$/),
        expect.stringMatching(/^client token .*\(\*:development\.…\)$/),
      ]),
    );
    expect(report).toMatch(/Weak secrets \(2\)[\s\S]*Rotate each/);
    expect(report).not.toContain(unleash.adminToken);
    expect(report).not.toContain(unleash.weakClientToken);
    const onTarget = async (path: string, token: string) =>
      (await fetch(`${targetUrl}${path}`, { headers: { authorization: token } })).status;
    expect(await onTarget('/api/admin/projects', unleash.adminToken)).toBe(200);
    expect(await onTarget('/api/client/features', unleash.weakClientToken)).toBe(200);

    const flags = (await readFromApi(createAdminClient(targetUrl, ADMIN_TOKEN))).flags;
    expect(flags.find((f) => f.name === 'old-banner')?.archived).toBe(true);
    expect(flags.find((f) => f.name === 'search')).toMatchObject({
      stale: true,
      tags: [{ type: 'simple', value: 'core' }],
    });
  });

  it('gives the official unleash-client the same answers from both servers with the old tokens', async () => {
    for (const token of [seeded.clientDevelopment, seeded.clientProduction]) {
      const [before, after] = await Promise.all([sdk(unleash.url, token), sdk(targetUrl, token)]);
      try {
        const names = before
          .getFeatureToggleDefinitions()
          .map((f) => f.name)
          .sort();
        expect(
          after
            .getFeatureToggleDefinitions()
            .map((f) => f.name)
            .sort(),
        ).toEqual(names);
        expect(names.length).toBeGreaterThan(0);
        const contexts = sampleContexts([
          {
            name: 'region',
            description: '',
            stickiness: true,
            legalValues: [{ value: 'eu' }, { value: 'us' }],
          },
        ]).map(
          (context) => ({ ...context, currentTime: new Date(String(context.currentTime)) }) as SdkContext,
        );
        for (const name of names) {
          for (const context of contexts) {
            expect(after.isEnabled(name, context), `${name} ${JSON.stringify(context)}`).toBe(
              before.isEnabled(name, context),
            );
            expect(after.getVariant(name, context)).toEqual(before.getVariant(name, context));
          }
        }
      } finally {
        before.destroy();
        after.destroy();
      }
    }
    const frontend = await fetch(`${targetUrl}/api/frontend`, {
      headers: { authorization: seeded.frontend },
    });
    expect(frontend.status).toBe(200);
  });

  it('changes nothing on a second run', async () => {
    const result = await migrate(options());
    expect(result.counts.create, formatReport(result)).toBe(0);
    expect(result.counts.update, formatReport(result)).toBe(0);
    expect(result.writes).toBe(0);
  });
});
