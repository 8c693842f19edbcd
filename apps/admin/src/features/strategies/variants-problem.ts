import { weightProblem } from '@switchyard/rules';
import type { Variant } from '../../api/wire.ts';
import { payloadProblem } from './payload.ts';

/** What is wrong with a variant list before saving, or undefined. */
export function variantsProblem(variants: Variant[]): string | undefined {
  const names = variants.map((v) => v.name.trim());
  if (names.some((n) => !n)) return 'Every variant needs a name';
  if (new Set(names).size !== names.length) return 'Variant names must be unique';
  const payload = variants.map((v) => payloadProblem(v.payload)).find(Boolean);
  if (payload) return payload;
  return weightProblem(variants);
}
