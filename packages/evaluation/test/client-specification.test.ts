import { describe, expect, it } from 'vitest';
import { compileSnapshot } from '../src/compiled-snapshot.ts';
import { explain, isEnabled, variant } from '../src/evaluate.ts';
import { loadSpecification } from './client-specification.ts';

const specification = loadSpecification();

describe('the client specification suite', () => {
  it('has every file of index.json and the 279 cases of version 6.1.0', () => {
    expect(specification).toHaveLength(22);
    const cases = specification.reduce((sum, spec) => sum + spec.tests.length + spec.variantTests.length, 0);
    expect(cases).toBe(279);
  });
});

for (const spec of specification) {
  describe(spec.file, () => {
    const compiled = compileSnapshot(spec.state);

    for (const test of spec.tests) {
      describe(`${test.toggleName}: ${test.description}`, () => {
        it('plain form', () => {
          expect(isEnabled(test.toggleName, test.context, spec.state)).toBe(test.expectedResult);
        });
        it('compiled form', () => {
          expect(compiled.isEnabled(test.toggleName, test.context)).toBe(test.expectedResult);
          expect(compiled.evaluate(test.toggleName, test.context).enabled).toBe(test.expectedResult);
        });
        it('explanation', () => {
          expect(explain(test.toggleName, test.context, spec.state).enabled).toBe(test.expectedResult);
          expect(compiled.explain(test.toggleName, test.context).enabled).toBe(test.expectedResult);
        });
      });
    }

    for (const test of spec.variantTests) {
      // The SDKs' answer plus featureEnabled, the camelCase copy the Node SDK and the Frontend API add.
      const expected = { ...test.expectedResult, featureEnabled: test.expectedResult.feature_enabled };
      describe(`${test.toggleName} (variant): ${test.description}`, () => {
        it('plain form', () => {
          expect(variant(test.toggleName, test.context, spec.state)).toStrictEqual(expected);
        });
        it('compiled form', () => {
          expect(compiled.variant(test.toggleName, test.context)).toStrictEqual(expected);
          expect(compiled.evaluate(test.toggleName, test.context).variant).toStrictEqual(expected);
        });
        it('explanation', () => {
          expect(explain(test.toggleName, test.context, spec.state).variant).toStrictEqual(expected);
          expect(compiled.explain(test.toggleName, test.context).variant).toStrictEqual(expected);
        });
      });
    }
  });
}
