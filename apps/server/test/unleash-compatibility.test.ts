import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The Unleash 8.2 open-source operations (method, path) that Switchyard promises to serve, checked against our
 * own openapi.json. Path parameter names may differ ({featureName} vs {name}); their positions may not.
 */
const REQUIRED_AREAS = [
  'Projects',
  'Environments',
  'Features',
  'Archive',
  'Strategies',
  'Context',
  'Segments',
  'Dependencies',
  'Import/Export',
  'Feature Types',
  'Tags',
  'API tokens',
  'Personal access tokens',
  'Client',
  'Frontend API',
  'Playground',
  'Events',
  'Operational',
  'Unleash Edge',
];

const rows = readFileSync(new URL('./fixtures/unleash-8.2-oss-operations.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [tag, method, path, operationId] = line.split('\t');
    return { tag: tag!, method: method!.toLowerCase(), path: path!, operationId: operationId! };
  });
const openapi = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const ours = new Set(
  Object.entries(openapi.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method} ${shape(path)}`),
  ),
);

describe('compatibility with the Unleash 8.2 API', () => {
  for (const area of REQUIRED_AREAS) {
    it(`serves every ${area} operation with the same method and path`, () => {
      const expected = rows.filter((row) => row.tag === area);
      expect(expected.length).toBeGreaterThan(0);
      const missing = expected
        .filter((row) => !ours.has(`${row.method} ${shape(row.path)}`))
        .map((row) => `${row.method.toUpperCase()} ${row.path} (${row.operationId})`);
      expect(missing).toEqual([]);
    });
  }

  it('serves the metrics operations SDK users look at, and reports coverage of the other areas', () => {
    const others = rows.filter((row) => !REQUIRED_AREAS.includes(row.tag));
    const served = others.filter((row) => ours.has(`${row.method} ${shape(row.path)}`));
    console.log(`[compatibility] other areas: ${served.length} of ${others.length} operations served`);
    expect(served.map((row) => row.operationId)).toEqual(
      expect.arrayContaining([
        'getApplications',
        'getApplication',
        'getRawFeatureMetrics',
        'getFeatureUsageSummary',
        'getMe',
        'login',
      ]),
    );
  });
});
