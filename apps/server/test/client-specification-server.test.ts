import { afterAll, describe, expect, it } from 'vitest';
import { ALLOWED_REFUSALS, loadSpec, readSpec, specFiles } from '../src/testing/client-spec.ts';
import { createTestApp, FRONTEND_TOKEN, type TestApp } from '../src/testing/test-app.ts';

/**
 * Every client-specification case evaluated by the server: each file's state is loaded through the Admin API
 * (segments, flags, strategies, variants, dependencies), then each case is asked of POST /api/frontend.
 * Flags whose state the Admin API refuses (e.g. a strategy naming a segment that does not exist) are reported.
 */
const refusedFlags: string[] = [];
const refusedNames = new Set<string>();
let evaluatedCases = 0;

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

for (const file of specFiles) {
  const spec = readSpec(file);
  describe(`client specification ${spec.name}, served by POST /api/frontend`, () => {
    let t: TestApp;
    let refused: Set<string>;
    afterAll(() => t?.close());

    it('loads its state through the Admin API and answers every case as specified', async () => {
      t = await createTestApp();
      refused = await loadSpec(
        (options) => t.admin(options as Parameters<TestApp['admin']>[0]),
        spec,
        refusedFlags,
      );
      for (const name of refused) refusedNames.add(name);
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
