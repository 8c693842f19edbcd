// Loads the Unleash client specification suite: every file listed in its index.json, in order.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { applyDelta } from '../src/apply-delta.ts';
import type { ClientFeatures, Context, DeltaEvent, Payload } from '../src/types.ts';

export type SpecTest = { description: string; context: Context; toggleName: string; expectedResult: boolean };
export type SpecVariantTest = {
  description: string;
  context: Context;
  toggleName: string;
  expectedResult: { name: string; enabled: boolean; feature_enabled: boolean; payload?: Payload };
};
export type SpecFile = {
  file: string;
  name: string;
  /** The file's state as a client payload; delta states (files 19 and 20) are applied with applyDelta. */
  state: ClientFeatures;
  tests: SpecTest[];
  variantTests: SpecVariantTest[];
};

type RawSpec = {
  name: string;
  state: ClientFeatures | { events: DeltaEvent[] };
  tests?: SpecTest[];
  variantTests?: SpecVariantTest[];
};

const require = createRequire(import.meta.url);
const directory = dirname(require.resolve('@unleash/client-specification/specifications/index.json'));

export function loadSpecification(): SpecFile[] {
  const files = JSON.parse(readFileSync(join(directory, 'index.json'), 'utf8')) as string[];
  return files.map((file) => {
    const raw = JSON.parse(readFileSync(join(directory, file), 'utf8')) as RawSpec;
    const state = 'events' in raw.state ? applyDelta(undefined, raw.state) : raw.state;
    return { file, name: raw.name, state, tests: raw.tests ?? [], variantTests: raw.variantTests ?? [] };
  });
}
