import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { snapshot } from '../../../testing/db-queries.ts';
import {
  BUILD_TIMEOUT,
  buildShop,
  buildStore,
  postTransfer as post,
} from '../../../testing/flag-transfer-fixtures.ts';

type ExportResult = {
  features: { project: string }[];
  featureStrategies: { id: string; segments: number[] }[];
  featureEnvironments: { environment: string }[];
  segments: { id: number; name: string }[];
  featureTags: unknown[];
  dependencies: unknown[];
};

/** An export without what differs between instances: ids, the project and the environment. */
function comparable(result: ExportResult) {
  const segmentName = new Map(result.segments.map((segment) => [segment.id, segment.name]));
  return {
    ...result,
    features: result.features.map(({ project: _project, ...flag }) => flag),
    featureStrategies: result.featureStrategies.map(({ id: _id, segments, ...strategy }) => ({
      ...strategy,
      segments: segments.map((id) => segmentName.get(id)),
    })),
    featureEnvironments: result.featureEnvironments.map(({ environment: _environment, ...state }) => state),
    segments: result.segments.map((segment) => segment.name),
  };
}

let source: TestApp;
let target: TestApp;
let shopExport: ExportResult;

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  await Promise.all([buildShop(source), buildStore(target)]);
  const response = await source.admin({
    method: 'POST',
    url: '/api/admin/features-batch/export',
    payload: { environment: 'production', project: 'shop' },
  });
  shopExport = response.json();
}, BUILD_TIMEOUT);
afterAll(() => Promise.all([source.close(), target.close()]));

const exportStore = async () =>
  (
    await target.admin({
      method: 'POST',
      url: '/api/admin/features-batch/export',
      payload: { environment: 'staging', project: 'store' },
    })
  ).json() as ExportResult;

describe('importing an export into another instance', () => {
  it('validates, imports into a new project and environment, and exports the same again', async () => {
    const body = { project: 'store', environment: 'staging', data: shopExport };
    const validation = await post(target, 'validate', body);
    expect(validation.statusCode, validation.body).toBe(200);
    expect(validation.json()).toEqual({
      errors: [],
      warnings: [
        {
          message: 'These custom strategy types are used; make sure their parameters mean the same here:',
          affectedItems: ['byCountry'],
        },
      ],
      permissions: [],
    });

    const [{ last } = { last: 0 }] = await target.db.query<{ last: number }>(
      'SELECT coalesce(max(id), 0)::int AS last FROM events',
    );
    const response = await post(target, 'import', body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe('');
    const events = await target.db.query<{ type: string; feature_name: string | null }>(
      'SELECT type, feature_name FROM events WHERE id > $1 ORDER BY id',
      [last],
    );
    expect(events.map((event) => [event.type, event.feature_name])).toEqual([
      ['tag-type-created', null],
      ['context-field-created', null],
      ['feature-created', 'checkout'],
      ['feature-strategy-add', 'checkout'],
      ['feature-strategy-add', 'checkout'],
      ['feature-environment-variants-updated', 'checkout'],
      ['feature-environment-enabled', 'checkout'],
      ['tag-created', null],
      ['tag-created', null],
      ['feature-tagged', 'checkout'],
      ['feature-tagged', 'checkout'],
      ['feature-created', 'checkout-wallets'],
      ['feature-created', 'search'],
      ['feature-stale-on', 'search'],
      ['feature-strategy-add', 'search'],
      ['feature-environment-enabled', 'search'],
      ['tag-created', null],
      ['feature-tagged', 'search'],
      ['feature-dependency-added', 'checkout-wallets'],
      ['features-imported', null],
    ]);

    const again = await exportStore();
    expect(again.features.map((flag) => flag.project)).toEqual(['store', 'store', 'store']);
    expect(again.featureEnvironments.map((state) => state.environment)).toEqual([
      'staging',
      'staging',
      'staging',
    ]);
    expect(comparable(again)).toEqual(comparable(shopExport));
    expect(again.segments[0]!.id).not.toBe(shopExport.segments[0]!.id);
  });

  it('imports the same data again without duplicating anything, warning that the flags are overwritten', async () => {
    const body = { project: 'store', environment: 'staging', data: shopExport };
    await post(target, 'import', body).then((response) => expect(response.statusCode).toBe(200));
    const before = comparable(await exportStore());

    const validation = (await post(target, 'validate', body)).json();
    expect(validation.errors).toEqual([]);
    expect(validation.warnings[1]).toEqual({
      message: 'These flags already exist in the project and will be overwritten:',
      affectedItems: ['checkout', 'checkout-wallets', 'search'],
    });
    expect((await post(target, 'import', body)).statusCode).toBe(200);
    expect(comparable(await exportStore())).toEqual(before);
  });

  it('replaces strategies, tags and parents of imported flags with the imported ones', async () => {
    const data = {
      features: [{ name: 'checkout', type: 'release', description: 'Shorter' }],
      featureStrategies: [{ name: 'default', featureName: 'checkout' }],
      featureEnvironments: [{ name: 'checkout', enabled: false }],
      featureTags: [{ featureName: 'checkout', tagType: 'simple', tagValue: 'only-this' }],
    };
    const wallets = { features: [{ name: 'checkout-wallets' }], featureStrategies: [] };
    for (const payload of [data, wallets]) {
      const response = await post(target, 'import', {
        project: 'store',
        environment: 'staging',
        data: payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const result = await exportStore();
    const checkout = (list: unknown[]) =>
      list.filter((item) => (item as { featureName?: string }).featureName === 'checkout');
    expect(checkout(result.featureStrategies)).toMatchObject([{ name: 'default', parameters: {} }]);
    expect(checkout(result.featureEnvironments)).toMatchObject([{ enabled: false, variants: [] }]);
    expect(checkout(result.featureTags)).toEqual([
      { featureName: 'checkout', tagType: 'simple', tagValue: 'only-this' },
    ]);
    expect(result.dependencies).toEqual([]);
    expect(result.features[0]).toMatchObject({
      name: 'checkout',
      description: 'Shorter',
      impressionData: false,
    });
  });
  it('accepts an export written by Unleash, ignoring the fields it does not use', async () => {
    const unleashFile = {
      features: [
        {
          name: 'from-unleash',
          description: 'Made elsewhere',
          type: 'kill-switch',
          project: 'default',
          stale: false,
          impressionData: false,
          archived: false,
          createdAt: '2025-01-01T00:00:00.000Z',
          lastSeenAt: null,
        },
      ],
      featureStrategies: [
        {
          name: 'flexibleRollout',
          id: 'b7a1a2c4-5d7e-4f3c-9a0b-1c2d3e4f5a6b',
          featureName: 'from-unleash',
          title: null,
          parameters: { rollout: 25, stickiness: 'default', groupId: 'from-unleash' },
          constraints: [],
          variants: [],
          segments: [],
          sortOrder: 0,
          disabled: false,
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
      featureEnvironments: [
        {
          name: 'from-unleash',
          featureName: 'from-unleash',
          environment: 'production',
          type: 'production',
          enabled: true,
          sortOrder: 1,
          variantCount: 0,
          lastSeenAt: null,
          variants: [],
        },
      ],
      contextFields: [],
      featureTags: [{ featureName: 'from-unleash', tagType: 'simple', tagValue: 'imported' }],
      segments: [],
      tagTypes: [{ name: 'simple', description: 'Used to simplify filtering of features', icon: '#' }],
      dependencies: [],
    };
    const response = await post(target, 'import', {
      project: 'store',
      environment: 'staging',
      data: unleashFile,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = await exportStore();
    const mine = (list: unknown[]) => list.filter((item) => JSON.stringify(item).includes('"from-unleash"'));
    expect(mine(result.features)).toEqual([
      {
        name: 'from-unleash',
        description: 'Made elsewhere',
        type: 'kill-switch',
        project: 'store',
        stale: false,
        impressionData: false,
      },
    ]);
    expect(mine(result.featureStrategies)).toMatchObject([
      {
        name: 'flexibleRollout',
        parameters: { rollout: '25', stickiness: 'default', groupId: 'from-unleash' },
      },
    ]);
    expect(mine(result.featureEnvironments)).toMatchObject([{ enabled: true }]);
    expect(mine(result.featureTags)).toEqual([
      { featureName: 'from-unleash', tagType: 'simple', tagValue: 'imported' },
    ]);
  });

  it('leaves nothing half-done when a step fails part-way through', async () => {
    await target.db.exec(`
      CREATE FUNCTION refuse_import() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the event log refuses'; END $$;
      CREATE TRIGGER refuse_import BEFORE INSERT ON events FOR EACH ROW
        WHEN (NEW.type = 'features-imported') EXECUTE FUNCTION refuse_import();`);
    try {
      const before = await snapshot(target.db);
      const data = {
        features: [{ name: 'never-seen' }, { name: 'checkout', description: 'Changed' }],
        featureStrategies: [{ name: 'default', featureName: 'never-seen' }],
        featureEnvironments: [{ featureName: 'never-seen', enabled: true }],
        contextFields: [{ name: 'atomic-field', legalValues: [{ value: 'x' }] }],
        featureTags: [{ featureName: 'never-seen', tagType: 'fresh-type', tagValue: 'gone' }],
      };
      const response = await post(target, 'import', { project: 'store', environment: 'staging', data });
      expect(response.statusCode).toBe(500);
      expect(await snapshot(target.db)).toEqual(before);
      expect(await target.db.query("SELECT 1 FROM context_fields WHERE name = 'atomic-field'")).toEqual([]);
      expect(await target.db.query("SELECT 1 FROM tag_types WHERE name = 'fresh-type'")).toEqual([]);
    } finally {
      await target.db.exec('DROP TRIGGER refuse_import ON events; DROP FUNCTION refuse_import();');
    }
  });
});
