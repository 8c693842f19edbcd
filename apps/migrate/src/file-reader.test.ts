import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFromFiles } from './file-reader.ts';

async function files(...bodies: object[]): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrate-files-'));
  return Promise.all(
    bodies.map(async (body, i) => {
      const file = path.join(dir, `export-${i}.json`);
      await writeFile(file, JSON.stringify(body));
      return file;
    }),
  );
}

const batch = (environment: string, enabled: boolean) => ({
  features: [
    { name: 'checkout', type: 'release', project: 'web', description: 'New checkout', stale: false },
    { name: 'wallets', type: 'experiment', project: 'web' },
  ],
  featureStrategies: [
    { id: 's2', name: 'default', featureName: 'checkout', parameters: {}, constraints: [], sortOrder: 2 },
    {
      id: 's1',
      name: 'flexibleRollout',
      featureName: 'checkout',
      title: 'Beta',
      parameters: { rollout: 50, stickiness: 'default', groupId: 'checkout' },
      constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }],
      segments: [4],
      variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }],
      sortOrder: 1,
    },
  ],
  featureEnvironments: [
    { featureName: 'checkout', environment, enabled, variants: [] },
    { featureName: 'wallets', environment, enabled: false, variants: [] },
  ],
  contextFields: [{ name: 'region', legalValues: [{ value: 'eu' }] }],
  featureTags: [{ featureName: 'checkout', tagType: 'team', tagValue: 'payments' }],
  segments: [{ id: 4, name: 'beta-testers' }],
  tagTypes: [{ name: 'team', description: 'Owning team' }],
  dependencies: [{ feature: 'wallets', dependencies: [{ feature: 'checkout', enabled: true }] }],
});

describe('readFromFiles', () => {
  it('merges one features-batch export per environment, strategies in order, segments by name', async () => {
    const snapshot = await readFromFiles(await files(batch('development', true), batch('production', false)));
    const checkout = snapshot.flags.find((f) => f.name === 'checkout')!;
    expect(checkout.environments.map((e) => [e.name, e.enabled])).toEqual([
      ['development', true],
      ['production', false],
    ]);
    expect(checkout.environments[0]!.strategies.map((s) => s.name)).toEqual(['flexibleRollout', 'default']);
    expect(checkout.environments[0]!.strategies[0]).toMatchObject({
      title: 'Beta',
      parameters: { rollout: '50' },
      segments: ['beta-testers'],
    });
    expect(checkout.tags).toEqual([{ type: 'team', value: 'payments' }]);
    expect(snapshot.flags.find((f) => f.name === 'wallets')!.dependencies).toEqual([
      { feature: 'checkout', enabled: true, variants: [] },
    ]);
    expect(snapshot.projects).toEqual([
      { id: 'web', name: 'web', description: '', environments: ['development', 'production'] },
    ]);
    // A batch export names segments without constraints: they cannot be created from it.
    expect(snapshot.segments).toEqual([
      expect.objectContaining({ name: 'beta-testers', constraintsUnknown: true }),
    ]);
  });

  it('reads a legacy state export, with strategy segments and flag-level variants', async () => {
    const snapshot = await readFromFiles(
      await files({
        version: 1,
        features: [
          { name: 'banner', project: 'default', type: 'release', variants: [{ name: 'a', weight: 1000 }] },
        ],
        strategies: [{ name: 'byRegion', editable: true, parameters: [{ name: 'regions', type: 'list' }] }],
        projects: [{ id: 'default', name: 'Default' }],
        environments: [{ name: 'production', type: 'production', enabled: true }],
        featureEnvironments: [{ featureName: 'banner', environment: 'production', enabled: true }],
        featureStrategies: [
          {
            id: 'x',
            featureName: 'banner',
            environment: 'production',
            strategyName: 'byRegion',
            parameters: { regions: 'eu' },
          },
        ],
        segments: [
          {
            id: 9,
            name: 'staff',
            constraints: [{ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@x.io'] }],
          },
        ],
        featureStrategySegments: [{ featureStrategyId: 'x', segmentId: 9 }],
      }),
    );
    const production = snapshot.flags[0]!.environments[0]!;
    expect(production).toMatchObject({ name: 'production', enabled: true, variants: [{ name: 'a' }] });
    expect(production.strategies).toEqual([
      expect.objectContaining({ name: 'byRegion', parameters: { regions: 'eu' }, segments: ['staff'] }),
    ]);
    expect(snapshot.strategyDefinitions.map((s) => s.name)).toEqual(['byRegion']);
    expect(snapshot.segments[0]).toEqual({
      name: 'staff',
      description: '',
      project: null,
      constraints: [{ contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@x.io'] }],
    });
  });
});
