/**
 * Loads the state of every @unleash/client-specification file through the Admin API (flags, strategies with
 * constraints, variants and segments, flag variants, on/off) and asserts that what the API reads back equals
 * the file's state. Variants are sent with `weightType: "fix"`, so their weights and order are stored as given
 * (the files' weights do not add up to 1000). Apart from that, only what the admin API adds is allowed:
 * - constraints get `values: []`, `inverted: false`, `caseInsensitive: false` when left out;
 * - strategies get `parameters: {}`, and flexibleRollout its default parameters;
 * - flag variants get the project's default stickiness when they have none;
 * - turning a flag on with no strategy adds a 100% flexibleRollout (semantics §7.8).
 * The few strategies the suite feeds in on purpose although they cannot be valid (an unknown operator, a "v"
 * version, a regex RE2 refuses, an invalid address in a CIDR list, a missing segment) must be refused with a 400
 * naming the field; they are listed in REFUSED.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { applyDelta } from '@switchyard/evaluation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { environmentUrl, flagUrl } from '../../../testing/flag-api-builders.ts';

type SpecConstraint = {
  contextName: string;
  operator: string;
  values?: string[];
  value?: string;
  inverted?: boolean;
  caseInsensitive?: boolean;
};
type SpecVariant = {
  name: string;
  weight: number;
  weightType?: string;
  stickiness?: string;
  payload?: unknown;
  overrides?: unknown[];
};
type SpecStrategy = {
  name: string;
  parameters?: Record<string, string>;
  constraints?: SpecConstraint[];
  variants?: SpecVariant[];
  segments?: number[];
};
type SpecFeature = {
  name: string;
  enabled: boolean;
  description?: string | null;
  type?: string;
  stale?: boolean;
  impressionData?: boolean;
  strategies?: SpecStrategy[];
  variants?: SpecVariant[] | null;
  dependencies?: { feature: string; enabled?: boolean; variants?: string[] }[];
};
type SpecState = {
  features: SpecFeature[];
  segments?: { id: number; name?: string; constraints: SpecConstraint[] }[];
};

const specDirectory = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@unleash/client-specification/package.json')),
  'specifications',
);
const files: string[] = JSON.parse(readFileSync(path.join(specDirectory, 'index.json'), 'utf8'));

/** Strategies a server refuses on purpose: file → "flag#index" → the field the 400 must name. */
const REFUSED: Record<string, Record<string, string>> = {
  '13-constraint-operators.json': { 'F7.invalid-operator#0': '/body/constraints/0/operator' },
  '14-constraint-semver-operators.json': { 'F8.invalidSemverWithLeadingV#0': '/body/constraints/0/value' },
  '15-global-constraints.json': { 'F9.withMissingSegment#0': '/body/segments' },
  '21-regex-constraint-operators.json': {
    'invalid-regex-defaults-to-false#0': '/body/constraints/0/value',
    'R90.reject_lookahead#0': '/body/constraints/0/value',
    'R91.reject_backreference#0': '/body/constraints/0/value',
  },
  '22-cidr-constraint-operators.json': {
    'CIDR.mixed.values#0': '/body/constraints/0/values/0',
    'CIDR.invalid.only#0': '/body/constraints/0/values/0',
    'CIDR.ipv6.mixed.values#0': '/body/constraints/0/values/0',
  },
};

function stateOf(file: string): SpecState {
  const { state } = JSON.parse(readFileSync(path.join(specDirectory, file), 'utf8'));
  return state.events ? (applyDelta(undefined, state) as unknown as SpecState) : state;
}

/** Variants as sent: every weight fixed, so they come back exactly as the file has them. */
const asFixed = (variants: SpecVariant[] | undefined) =>
  variants?.map((variant) => ({ ...variant, weightType: 'fix' }));

/** What the API stores for them: the same list, flag variants with the default stickiness when they have none. */
function expectedVariants(variants: SpecVariant[], flagVariants: boolean) {
  return variants.map((variant) => ({
    ...variant,
    weightType: 'fix',
    ...(flagVariants ? { stickiness: variant.stickiness ?? 'default' } : {}),
  }));
}

function expectedStrategy(flag: string, strategy: SpecStrategy) {
  const parameters = { ...(strategy.parameters ?? {}) };
  if (strategy.name === 'flexibleRollout') {
    parameters.rollout ??= '100';
    parameters.stickiness ??= 'default';
    parameters.groupId ??= flag;
  }
  return {
    name: strategy.name,
    parameters,
    constraints: (strategy.constraints ?? []).map((constraint) => ({
      values: [],
      inverted: false,
      caseInsensitive: false,
      ...constraint,
    })),
    variants: expectedVariants(strategy.variants ?? [], false),
    segments: [...(strategy.segments ?? [])].sort((a, b) => a - b),
    disabled: false,
    title: null,
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every client-specification state loads through the Admin API and reads back equal', () => {
  it('covers all 22 files of the suite', () => {
    expect(files).toHaveLength(22);
  });

  it.each(files)('%s', async (file) => {
    const state = stateOf(file);
    await t.db.query('DELETE FROM flags');
    await t.db.query('DELETE FROM segments');
    for (const segment of state.segments ?? []) {
      await t.db.query('INSERT INTO segments (id, name, constraints) VALUES ($1, $2, $3)', [
        segment.id,
        segment.name ?? `segment-${segment.id}`,
        JSON.stringify(segment.constraints),
      ]);
    }
    const refused = REFUSED[file] ?? {};
    const seenRefused: string[] = [];

    for (const feature of state.features) {
      const created = await t.admin({
        method: 'POST',
        url: '/api/admin/projects/default/features',
        payload: {
          name: feature.name,
          ...(feature.description != null ? { description: feature.description } : {}),
          ...(feature.type ? { type: feature.type } : {}),
          ...(feature.impressionData !== undefined ? { impressionData: feature.impressionData } : {}),
        },
      });
      expect(created.statusCode, `${feature.name}: ${created.body}`).toBe(201);
      if (feature.stale) {
        const stale = await t.admin({
          method: 'PATCH',
          url: flagUrl(feature.name),
          payload: [{ op: 'replace', path: '/stale', value: true }],
        });
        expect(stale.statusCode).toBe(200);
      }
      for (const [index, strategy] of (feature.strategies ?? []).entries()) {
        const response = await t.admin({
          method: 'POST',
          url: `${environmentUrl(feature.name)}/strategies`,
          payload: { ...strategy, ...(strategy.variants ? { variants: asFixed(strategy.variants) } : {}) },
        });
        const key = `${feature.name}#${index}`;
        if (refused[key]) {
          expect(response.statusCode, `${key} should be refused: ${response.body}`).toBe(400);
          expect(response.json().details.map((d: { path: string }) => d.path)).toContain(refused[key]);
          seenRefused.push(key);
        } else {
          expect(response.statusCode, `${key}: ${response.body}`).toBe(200);
        }
      }
      if (feature.variants?.length) {
        const response = await t.admin({
          method: 'PUT',
          url: `${environmentUrl(feature.name)}/variants`,
          payload: asFixed(feature.variants),
        });
        expect(response.statusCode, `${feature.name} variants: ${response.body}`).toBe(200);
      }
      if (feature.enabled) {
        expect(
          (await t.admin({ method: 'POST', url: `${environmentUrl(feature.name)}/on` })).statusCode,
        ).toBe(200);
      }
    }
    expect(seenRefused.sort()).toEqual(Object.keys(refused).sort());

    // Dependencies belong to another part of the API; stored directly here, read back through getFeature.
    const names = new Set(state.features.map((feature) => feature.name));
    for (const feature of state.features) {
      for (const dependency of feature.dependencies ?? []) {
        if (!names.has(dependency.feature)) continue;
        await t.db.query(
          'INSERT INTO flag_dependencies (parent, child, enabled, variants) VALUES ($1, $2, $3, $4)',
          [
            dependency.feature,
            feature.name,
            dependency.enabled ?? true,
            JSON.stringify(dependency.variants ?? []),
          ],
        );
      }
    }

    for (const feature of state.features) {
      const response = await t.admin({ method: 'GET', url: flagUrl(feature.name) });
      expect(response.statusCode).toBe(200);
      const stored = response.json();
      expect(stored).toMatchObject({
        name: feature.name,
        description: feature.description ?? null,
        type: feature.type ?? 'release',
        stale: feature.stale ?? false,
        impressionData: feature.impressionData ?? false,
      });
      const development = stored.environments.find(
        (environment: { name: string }) => environment.name === 'development',
      );
      const accepted = (feature.strategies ?? []).filter((_, index) => !refused[`${feature.name}#${index}`]);
      const strategies = accepted.map((strategy) => expectedStrategy(feature.name, strategy));
      if (feature.enabled && strategies.length === 0) {
        strategies.push(expectedStrategy(feature.name, { name: 'flexibleRollout' }));
      }
      expect({
        enabled: development.enabled,
        strategies: development.strategies.map(
          ({ id: _id, featureName: _f, sortOrder: _s, ...rest }: Record<string, unknown>) => rest,
        ),
        variants: development.variants,
      }).toEqual({
        enabled: feature.enabled,
        strategies,
        variants: expectedVariants(feature.variants ?? [], true),
      });
      const dependencies = (feature.dependencies ?? [])
        .filter((dependency) => names.has(dependency.feature))
        .map((dependency) => ({
          feature: dependency.feature,
          enabled: dependency.enabled ?? true,
          variants: dependency.variants ?? [],
        }))
        .sort((a, b) => a.feature.localeCompare(b.feature));
      expect(
        [...stored.dependencies].sort((a: { feature: string }, b: { feature: string }) =>
          a.feature.localeCompare(b.feature),
        ),
      ).toEqual(dependencies);
    }
  });
});
