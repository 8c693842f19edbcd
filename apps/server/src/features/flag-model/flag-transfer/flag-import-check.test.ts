import { describe, expect, it } from 'vitest';
import { mentionProject } from '../../../http/project-mention.ts';
import { checkImport } from './flag-import-check.ts';
import type { ImportFacts } from './flag-import-store.ts';
import type { FlagTransfer } from './flag-transfer.ts';

/** Facts of an instance with project `web`, the built-in strategy types, one custom type and a few fields. */
function facts(overrides: Partial<ImportFacts> = {}): ImportFacts {
  return {
    project: { id: 'web', featureLimit: null, activeFlags: 0 },
    flags: new Map(),
    strategyTypes: new Map([
      ['default', { builtIn: true }],
      ['flexibleRollout', { builtIn: true }],
      ['byCountry', { builtIn: false }],
    ]),
    contextFields: new Map([['plan', { legalValues: ['free', 'pro'], project: null }]]),
    segments: new Map(),
    flagTypes: new Set(['release']),
    tagTypes: new Set(['simple']),
    links: [],
    ...overrides,
  };
}

function transfer(overrides: Partial<FlagTransfer> = {}): FlagTransfer {
  return {
    flags: [
      {
        name: 'banner',
        project: 'old',
        type: 'release',
        description: null,
        stale: false,
        impressionData: false,
      },
    ],
    strategies: [],
    environments: [],
    contextFields: [],
    tags: [],
    segments: [],
    tagTypes: [],
    dependencies: [],
    ...overrides,
  };
}

const strategy = (fields: Partial<FlagTransfer['strategies'][number]>) => ({
  id: null,
  flagName: 'banner',
  name: 'default',
  title: null,
  sortOrder: null,
  disabled: false,
  parameters: {},
  constraints: [],
  variants: [],
  segments: [],
  ...fields,
});

describe('checkImport', () => {
  it('finds nothing wrong with a plain new flag', () => {
    expect(checkImport(transfer(), facts())).toEqual({ errors: [], warnings: [], permissions: [] });
  });

  it('counts only new flags against the project limit', () => {
    const two = transfer({
      flags: ['a', 'b'].map((name) => ({ ...transfer().flags[0]!, name })),
    });
    const existingA = new Map([['a', { project: 'web', archived: false }]]);
    const atLimit = { id: 'web', featureLimit: 3, activeFlags: 2 };
    expect(checkImport(two, facts({ project: atLimit, flags: existingA })).errors).toEqual([]);
    expect(checkImport(two, facts({ project: atLimit })).errors).toEqual([
      { message: 'Project "web" allows 3 flags; it has 2 and the import would add 2.', affectedItems: [] },
    ]);
  });

  it('checks constraints and variants as a strategy write would, with legal values after the import', () => {
    const report = checkImport(
      transfer({
        strategies: [
          strategy({
            constraints: [
              { contextName: 'plan', operator: 'IN', values: ['pro', 'gold'] },
              { contextName: 'tier', operator: 'IN', values: ['b'] },
              { contextName: 'age', operator: 'NUM_GT', value: 'old' },
            ],
            variants: [{ name: 'x' }, { name: 'x' }],
          }),
        ],
        environments: [
          { flagName: 'banner', enabled: true, variants: [{ name: 'y', weight: 2000, weightType: 'fix' }] },
        ],
        contextFields: [
          {
            name: 'tier',
            description: null,
            stickiness: false,
            sortOrder: 1,
            legalValues: [{ value: 'a' }],
            project: null,
          },
        ],
      }),
      facts(),
    );
    expect(report.errors).toEqual([
      {
        message: 'These strategies or variants are not valid:',
        affectedItems: [
          'banner: "gold" is not a legal value of context field "plan"',
          'banner: "b" is not a legal value of context field "tier"',
          'banner: constraint on "age" (NUM_GT): "old" is not a number',
          'banner: Variant names must be unique; "x" appears twice',
          'banner: The "fix" weights add up to 2000, more than 1000',
        ],
      },
    ]);
  });

  it('refuses context fields, tags and tag types that could not be created', () => {
    const report = checkImport(
      transfer({
        contextFields: [
          {
            name: 'bad name',
            description: null,
            stickiness: false,
            sortOrder: 1,
            legalValues: [],
            project: null,
          },
          {
            name: 'twice',
            description: null,
            stickiness: false,
            sortOrder: 1,
            legalValues: [{ value: 'a' }, { value: 'a' }],
            project: null,
          },
        ],
        tags: [
          { flagName: 'banner', type: 'simple', value: 'x' },
          { flagName: 'banner', type: 'no spaces', value: 'fine' },
        ],
      }),
      facts(),
    );
    expect(report.errors.map((error) => error.affectedItems)).toEqual([
      [
        'bad name: names may hold letters, digits and . _ ~ - only, at most 100',
        'twice: legal values repeated: a',
      ],
      ['simple:x: values must be 2 to 50 characters'],
      ['no spaces'],
    ]);
  });

  it('refuses a context field of another project, and warns about custom strategies and overwrites', () => {
    const report = checkImport(
      transfer({
        strategies: [strategy({ name: 'byCountry' }), strategy({ name: 'byCountry' })],
        contextFields: [
          {
            name: 'plan',
            description: null,
            stickiness: false,
            sortOrder: 1,
            legalValues: [],
            project: null,
          },
        ],
      }),
      facts({
        flags: new Map([['banner', { project: 'web', archived: false }]]),
        contextFields: new Map([['plan', { legalValues: [], project: 'mobile' }]]),
      }),
    );
    expect(report.errors).toEqual([
      {
        message: 'These context fields belong to another project here:',
        affectedItems: [`plan (in ${mentionProject('mobile')})`],
      },
    ]);
    expect(report.warnings.map((warning) => warning.affectedItems)).toEqual([['byCountry'], ['banner']]);
  });

  it('lets a flag depend on a flag already in the project, but not on one that has a parent there', () => {
    const dependency = { child: 'banner', parent: 'base', enabled: true, variants: [] };
    const base = new Map([['base', { project: 'web', archived: false }]]);
    expect(checkImport(transfer({ dependencies: [dependency] }), facts({ flags: base })).errors).toEqual([]);
    const report = checkImport(
      transfer({ dependencies: [dependency] }),
      facts({ flags: base, links: [{ parent: 'root', child: 'base' }] }),
    );
    expect(report.errors[0]!.affectedItems).toEqual([
      'banner → base: the parent would depend on another flag itself',
    ]);
  });
});
