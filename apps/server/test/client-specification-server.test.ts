import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { applyDelta } from '@switchyard/evaluation';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, FRONTEND_TOKEN, type TestApp } from '../src/testing/test-app.ts';

/**
 * Every client-specification case evaluated by the server: each file's state is loaded through the Admin API
 * (segments, flags, strategies, variants, dependencies), then each case is asked of POST /api/frontend.
 * Flags whose state the Admin API refuses (e.g. a strategy naming a segment that does not exist) are reported.
 */
const require = createRequire(import.meta.url);
const specDir = path.dirname(require.resolve('@unleash/client-specification/specifications/index.json'));
const files: string[] = JSON.parse(readFileSync(path.join(specDir, 'index.json'), 'utf8'));

type Feature = {
  name: string;
  enabled: boolean;
  type?: string;
  description?: string | null;
  impressionData?: boolean;
  strategies?: {
    name: string;
    parameters?: Record<string, unknown>;
    constraints?: unknown[];
    variants?: unknown[];
    segments?: number[];
  }[];
  variants?: unknown[];
  dependencies?: { feature: string; enabled?: boolean; variants?: string[] }[];
};
type Spec = {
  name: string;
  state: {
    features?: Feature[];
    segments?: { id: number; name?: string; constraints: unknown[] }[];
    events?: unknown[];
  };
  tests?: {
    description: string;
    context: Record<string, unknown>;
    toggleName: string;
    expectedResult: boolean;
  }[];
  variantTests?: {
    description: string;
    context: Record<string, unknown>;
    toggleName: string;
    expectedResult: Record<string, unknown>;
  }[];
};

const refusedFlags: string[] = [];
/**
 * States the Admin API refuses on purpose (invalid data: an unknown operator, a non-strict semver, a regex RE2
 * rejects, an invalid address in a CIDR list, a segment that does not exist, dependency chains Unleash forbids),
 * and flags that depend on a refused one. Anything else refused fails the test.
 */
const ALLOWED_REFUSALS = new Set([
  'F7.invalid-operator',
  'F8.invalidSemverWithLeadingV',
  'F9.withMissingSegment',
  'invalid-regex-defaults-to-false',
  'R90.reject_lookahead',
  'R91.reject_backreference',
  'CIDR.mixed.values',
  'CIDR.invalid.only',
  'CIDR.ipv6.mixed.values',
  'child.with.cycle',
  'parent.enabled.child.enabled',
  'parents.not.exist.child.enabled',
  'child.with.transitive.dependency',
  'parent.with.cycle',
]);
const refusedNames = new Set<string>();
let evaluatedCases = 0;

async function load(t: TestApp, spec: Spec): Promise<Set<string>> {
  const state = spec.state.events
    ? applyDelta(undefined, { events: spec.state.events } as never)
    : spec.state;
  const refused = new Set<string>();
  const segmentIds = new Map<number, number>();
  for (const segment of state.segments ?? []) {
    const response = await t.admin({
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: segment.name ?? `segment-${segment.id}`, constraints: segment.constraints },
    });
    if (response.statusCode === 201 || response.statusCode === 200)
      segmentIds.set(segment.id, response.json().id);
  }
  const flagUrl = (name: string) => `/api/admin/projects/default/features/${encodeURIComponent(name)}`;
  const must = async (flag: string, options: Parameters<TestApp['admin']>[0]) => {
    const response = await t.admin(options);
    if (response.statusCode >= 300)
      throw new Error(`${flag}: ${options.method} ${options.url} → ${response.statusCode} ${response.body}`);
  };
  for (const feature of (state.features ?? []) as Feature[]) {
    try {
      await must(feature.name, {
        method: 'POST',
        url: '/api/admin/projects/default/features',
        payload: {
          name: feature.name,
          description: feature.description ?? undefined,
          impressionData: feature.impressionData ?? false,
        },
      });
      for (const strategy of feature.strategies ?? []) {
        const segments = (strategy.segments ?? []).map((id) => segmentIds.get(id) ?? id);
        await must(feature.name, {
          method: 'POST',
          url: `${flagUrl(feature.name)}/environments/development/strategies`,
          payload: {
            ...strategy,
            parameters: strategy.parameters ?? {},
            segments,
            ...(strategy.variants
              ? {
                  variants: strategy.variants.map((variant) => ({
                    weightType: 'fix',
                    ...(variant as object),
                  })),
                }
              : {}),
          },
        });
      }
      if (feature.variants?.length) {
        await must(feature.name, {
          method: 'PUT',
          url: `${flagUrl(feature.name)}/environments/development/variants`,
          payload: feature.variants.map((variant) => ({ weightType: 'fix', ...(variant as object) })), // the file's weights, stored as given
        });
      }
      if (feature.enabled)
        await must(feature.name, {
          method: 'POST',
          url: `${flagUrl(feature.name)}/environments/development/on`,
        });
    } catch (error) {
      refused.add(feature.name);
      refusedFlags.push(`${spec.name}: ${(error as Error).message.slice(0, 200)}`);
    }
  }
  for (const feature of (state.features ?? []) as Feature[]) {
    for (const dependency of feature.dependencies ?? []) {
      const response = await t.admin({
        method: 'POST',
        url: `${flagUrl(feature.name)}/dependencies`,
        payload: dependency,
      });
      if (response.statusCode >= 300) {
        refused.add(feature.name);
        refusedFlags.push(
          `${spec.name}: ${feature.name} dependency → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
  }
  // A flag whose parent was refused cannot be evaluated as the file intends either.
  for (const feature of (state.features ?? []) as Feature[]) {
    if (feature.dependencies?.some((dependency) => refused.has(dependency.feature)))
      refused.add(feature.name);
  }
  for (const name of refused) refusedNames.add(name);
  return refused;
}

const ask = async (t: TestApp, context: Record<string, unknown>) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/frontend',
    headers: { authorization: FRONTEND_TOKEN, 'x-forwarded-for': '192.0.2.254' },
    payload: { context },
  });
  expect(response.statusCode).toBe(200);
  return response.json().toggles as { name: string; enabled: boolean; variant: Record<string, unknown> }[];
};

for (const file of files) {
  const spec: Spec = JSON.parse(readFileSync(path.join(specDir, file), 'utf8'));
  describe(`client specification ${spec.name}, served by POST /api/frontend`, () => {
    let t: TestApp;
    let refused: Set<string>;
    afterAll(() => t?.close());

    it('loads its state through the Admin API and answers every case as specified', async () => {
      t = await createTestApp();
      refused = await load(t, spec);
      for (const test of spec.tests ?? []) {
        if (refused.has(test.toggleName)) continue;
        const toggles = await ask(t, test.context);
        const enabled = toggles.some((toggle) => toggle.name === test.toggleName && toggle.enabled);
        expect(enabled, `${test.description} (${test.toggleName})`).toBe(test.expectedResult);
        evaluatedCases++;
      }
      for (const test of spec.variantTests ?? []) {
        if (refused.has(test.toggleName)) continue;
        const toggle = (await ask(t, test.context)).find((entry) => entry.name === test.toggleName);
        const variant = toggle?.variant ?? { name: 'disabled', enabled: false, feature_enabled: false };
        const { featureEnabled: _ignored, ...comparable } = variant as Record<string, unknown>;
        const expected = { ...test.expectedResult };
        if (expected.feature_enabled === undefined) delete comparable.feature_enabled;
        expect(comparable, `${test.description} (${test.toggleName})`).toEqual(expected);
        evaluatedCases++;
      }
    }, 120_000);
  });
}

describe('client specification coverage', () => {
  it('evaluated the cases and reports the flags the Admin API refused', () => {
    console.log(
      `[client-spec] ${evaluatedCases} cases evaluated server-side; refused flags: ${refusedFlags.length}`,
    );
    for (const line of refusedFlags) console.log(`[client-spec] refused ${line}`);
    expect([...refusedNames].filter((name) => !ALLOWED_REFUSALS.has(name))).toEqual([]);
    expect(evaluatedCases).toBeGreaterThan(240);
  });
});
