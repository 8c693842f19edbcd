import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';
import { renderManifests } from '../../../deploy/helm/render.mjs';
import { createTestApp, type TestApp } from '../src/testing/test-app.ts';

// What needs neither a container engine nor the chart's renderer: the files parse and agree with the server. The
// chart is rendered and validated in helm-chart.test.ts; the image is built and run by deploy/image/smoke.sh.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const CHART = path.join(ROOT, 'deploy/helm/switchyard');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const templates = readdirSync(path.join(CHART, 'templates')).map((name) =>
  readFileSync(path.join(CHART, 'templates', name), 'utf8'),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('starts the image with the V8 settings npm run server uses, the server and edge it builds', () => {
  const dockerfile = read('Dockerfile');
  const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
  expect(JSON.parse(cmd!)).toEqual(['node', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.mjs']);
  expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:/m);
  expect(dockerfile).toMatch(/^USER 10001:10001$/m);
  expect(dockerfile).toContain('HEALTHCHECK');
  for (const file of [
    'apps/server/scripts/build.mjs',
    'apps/server/scripts/build-edge.ts',
    'buildAdminUiUnlessCurrent',
  ])
    expect(dockerfile).toContain(file);
});

it('parses compose.yaml, Chart.yaml and values.yaml, and every value the templates read has a default', () => {
  const compose = parse(read('compose.yaml'));
  expect(Object.keys(compose.services)).toEqual(['postgres', 'switchyard', 'edge']);
  expect(compose.services.switchyard.environment.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
  const chart = parse(read('deploy/helm/switchyard/Chart.yaml'));
  expect(chart).toMatchObject({ apiVersion: 'v2', name: 'switchyard', appVersion: expect.any(String) });
  const values = parse(read('deploy/helm/switchyard/values.yaml'));
  const used = new Set(
    templates.flatMap((text) => [...text.matchAll(/\.Values\.([\w.]+)/g)].map((m) => m[1]!)),
  );
  expect(used.size).toBeGreaterThan(20);
  for (const key of used) {
    const value = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], values);
    expect(value, `values.yaml has no ${key}`).not.toBeUndefined();
  }
});

it("probes paths the server answers: the chart's readiness /ready, liveness and start-up /health", async () => {
  const [deployment] = renderManifests(CHART, {
    values: { database: { url: 'postgres://db/s' }, secretsKey: 'a2V5' },
  }) as Array<{
    spec: { template: { spec: { containers: Array<Record<string, { httpGet: { path: string } }>> } } };
  }>;
  const [container] = deployment!.spec.template.spec.containers;
  const probe = (name: string) => container![name]!.httpGet.path;
  expect([probe('readinessProbe'), probe('livenessProbe'), probe('startupProbe')]).toEqual([
    '/ready',
    '/health',
    '/health',
  ]);
  for (const url of ['/ready', '/health']) expect((await t.app.inject(url)).statusCode).toBe(200);
});
