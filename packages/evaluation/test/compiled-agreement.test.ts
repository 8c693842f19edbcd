import { describe, expect, it } from 'vitest';
import { compileSnapshot } from '../src/compiled-snapshot.ts';
import { evaluate, explain } from '../src/evaluate.ts';
import { loadSpecification } from './client-specification.ts';

// Beyond the suite's own pairs: every flag of every spec state, under every context the state's file
// uses, must give the same result in the plain and the compiled forms (randomness pinned).
describe('plain and compiled forms agree on every flag × context of the suite', () => {
  for (const spec of loadSpecification()) {
    it(spec.file, () => {
      const contexts = [
        {},
        ...spec.tests.map((test) => test.context),
        ...spec.variantTests.map((test) => test.context),
      ];
      const names = spec.state.features.map((flag) => flag.name);
      for (const random of [0, 0.5, 0.999]) {
        const options = { random: () => random, now: () => Date.UTC(2022, 0, 25) };
        const compiled = compileSnapshot(spec.state, options);
        for (const name of names) {
          for (const context of contexts) {
            const plain = evaluate(name, context, spec.state, options);
            expect(compiled.evaluate(name, context), `${name} ${JSON.stringify(context)}`).toStrictEqual(
              plain,
            );
            const explained = explain(name, context, spec.state, options);
            expect([explained.enabled, explained.variant]).toStrictEqual([plain.enabled, plain.variant]);
          }
        }
      }
    });
  }
});
