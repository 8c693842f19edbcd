import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from './openapi';
import { collectAreas, kebabCase } from './operations';

const fixture = JSON.parse(
  readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../../tests/fixtures/openapi.json'),
    'utf8',
  ),
) as OpenApiDocument;

describe('kebabCase', () => {
  it.each([
    ['getAllClientFeatures', 'get-all-client-features'],
    ['getUIConfig', 'get-ui-config'],
    ['createApiToken', 'create-api-token'],
    ['Import/Export', 'import-export'],
    ['API tokens', 'api-tokens'],
    ['get/api/admin/x', 'get-api-admin-x'],
  ])('%s → %s', (input, expected) => expect(kebabCase(input)).toBe(expected));
});

describe('collectAreas', () => {
  const areas = collectAreas(fixture);

  it('groups operations by tag in the order of the document tags, leaving out empty areas', () => {
    expect(areas.map((a) => a.name)).toEqual([
      'API tokens',
      'Client',
      'Features',
      'Frontend API',
      'Import/Export',
      'Operational',
      'Playground',
      'Segments',
    ]);
    expect(areas.find((a) => a.name === 'Import/Export')?.slug).toBe('import-export');
  });

  it('keeps document order inside an area, with kebab-case slugs', () => {
    const features = areas.find((a) => a.name === 'Features')!;
    expect(features.operations.map((o) => `${o.method} ${o.slug}`)).toEqual([
      'get get-features',
      'post create-feature',
      'get get-feature',
      'put update-feature',
      'patch patch-feature',
      'delete archive-feature',
      'get get-all-toggles',
      'post add-feature-strategy',
    ]);
  });

  it('reads deprecation, authentication, parameters, bodies and responses', () => {
    const all = areas.flatMap((a) => a.operations);
    const legacy = all.find((o) => o.operationId === 'getAllToggles')!;
    expect(legacy.deprecated).toBe(true);
    expect(all.find((o) => o.operationId === 'getHealth')!.authenticated).toBe(false);
    const create = all.find((o) => o.operationId === 'createFeature')!;
    expect(create.authenticated).toBe(true);
    expect(create.parameters).toEqual([
      expect.objectContaining({ name: 'projectId', in: 'path', required: true, example: 'default' }),
    ]);
    expect(create.body?.schema['x-schema-name']).toBe('createFeatureSchema');
    expect(create.body?.example).toEqual({
      name: 'checkout-redesign',
      type: 'release',
      description: 'string',
      impressionData: false,
    });
    expect(create.responses.map((r) => r.status)).toEqual(['201', '400', '409']);
    expect(
      create.responses[0]?.schema?.properties?.environments?.items?.properties?.strategies?.items?.[
        'x-schema-name'
      ],
    ).toBe('strategySchema');
  });

  it('never gives an operation the slug of an area, and keeps slugs unique', () => {
    const doc: OpenApiDocument = {
      openapi: '3.0.3',
      paths: {
        '/a': { get: { operationId: 'segments', tags: ['Segments'] } },
        '/b': {
          get: { operationId: 'getX', tags: ['Segments'] },
          post: { operationId: 'get_x', tags: ['Segments'] },
        },
      },
    };
    const slugs = collectAreas(doc)[0]!.operations.map((o) => o.slug);
    expect(slugs).toEqual(['segments-operation', 'get-x', 'get-x-2']);
  });
});

describe('error examples', () => {
  it('resolves named examples of an error status, each with when it happens', () => {
    const doc = structuredClone(fixture) as OpenApiDocument & { components: { examples?: unknown } };
    doc.components.examples = {
      NotFoundError: { summary: 'It does not exist.', value: { name: 'NotFoundError', message: 'gone' } },
    };
    const [path, item] = Object.entries(doc.paths ?? {})[0]!;
    const [method, op] = Object.entries(item as Record<string, { responses: Record<string, unknown> }>)[0]!;
    op.responses['404'] = {
      description: 'Missing',
      content: {
        'application/json': {
          schema: { type: 'object' },
          examples: { NotFoundError: { $ref: '#/components/examples/NotFoundError' } },
        },
      },
    };
    const view = collectAreas(doc)
      .flatMap((a) => a.operations)
      .find((o) => o.path === path && o.method === method)!;
    const notFound = view.responses.find((r) => r.status === '404')!;
    expect(notFound.examples).toEqual([
      {
        name: 'NotFoundError',
        summary: 'It does not exist.',
        value: { name: 'NotFoundError', message: 'gone' },
      },
    ]);
    expect(notFound.example).toEqual({ name: 'NotFoundError', message: 'gone' });
  });
});
