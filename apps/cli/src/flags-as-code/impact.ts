import {
  type ClientFeatures,
  compileSnapshot,
  type Context,
  type FlagDefinition,
} from '@switchyard/evaluation';
import type { FileContextField, FileFlag, FileSegment, FileVariant } from './model.ts';

/** How a change moves one flag in one environment, over the same sample of contexts before and after. */
export type Impact = {
  flag: string;
  environment: string;
  sample: number;
  /** Share (0..1) of the sample that gets the flag before and after. */
  before: number;
  after: number;
  /** Shares that gain and lose it. */
  gained: number;
  lost: number;
  /** Share whose variant changes while the flag stays on for them. */
  variantChanged: number;
};

/**
 * `size` contexts, the same for every run: users user-1..N with their sessions and addresses, and each context field
 * with legal values cycling through them (at a prime stride per field, so fields do not move in lock step).
 */
export function sampleContexts(size: number, environment: string, fields: FileContextField[]): Context[] {
  const strides = [1, 3, 7, 11, 13, 17, 19, 23];
  return Array.from({ length: size }, (_, i) => {
    const properties: Record<string, string> = {};
    fields.forEach((field, f) => {
      const values = field.legalValues ?? [];
      if (values.length)
        properties[field.name] = values[(i * strides[f % strides.length]!) % values.length]!.value;
    });
    return {
      userId: `user-${i + 1}`,
      sessionId: `session-${i + 1}`,
      remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      environment,
      appName: 'switchyard-plan',
      properties,
    };
  });
}

/** Weights as the server computes them: what fixed variants leave, shared by the variable ones (1000 in all). */
function weighted(variants: FileVariant[] | undefined) {
  const list = variants ?? [];
  const fixed = list.filter((v) => v.weightType === 'fix').reduce((sum, v) => sum + (v.weight ?? 0), 0);
  const variable = list.filter((v) => v.weightType !== 'fix');
  const share = variable.length ? Math.floor(Math.max(0, 1000 - fixed) / variable.length) : 0;
  let remainder = variable.length ? Math.max(0, 1000 - fixed) - share * variable.length : 0;
  return list.map((v) => {
    if (v.weightType === 'fix') return { ...v, weight: v.weight ?? 0 };
    const extra = remainder > 0 ? 1 : 0;
    remainder -= extra;
    return { ...v, weight: share + extra };
  });
}

/** A client payload for one environment, segments numbered by their place in the list. */
export function toPayload(flags: FileFlag[], segments: FileSegment[], environment: string): ClientFeatures {
  const ids = new Map(segments.map((s, i) => [s.name, i + 1]));
  const features: FlagDefinition[] = flags.flatMap((flag) => {
    const env = flag.environments[environment];
    if (!env) return [];
    return [
      {
        name: flag.name,
        type: flag.type,
        enabled: env.enabled,
        impressionData: flag.impressionData === true,
        strategies: (env.strategies ?? [])
          .filter((s) => !s.disabled)
          .map((s) => ({
            name: s.name,
            parameters: s.parameters ?? {},
            constraints: s.constraints ?? [],
            // A segment the payload lacks makes its strategy false, as an SDK treats it.
            segments: (s.segments ?? []).map((name) => ids.get(name) ?? 0),
            variants: weighted(s.variants),
          })),
        variants: weighted(env.variants),
      },
    ];
  });
  return {
    version: 2,
    features,
    segments: segments.map((s, i) => ({ id: i + 1, name: s.name, constraints: s.constraints })),
  };
}

/** A seeded random source, so a plan prints the same figures every time. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export type Side = { flags: FileFlag[]; segments: FileSegment[] };

/** The impact of going from `before` to `after` on every flag of `flags` in every environment, where it moves. */
export function impactOf(
  before: Side,
  after: Side,
  environments: string[],
  fields: FileContextField[],
  flags: string[],
  size = 1000,
): Impact[] {
  const impacts: Impact[] = [];
  for (const environment of environments) {
    const contexts = sampleContexts(size, environment, fields);
    const was = compileSnapshot(toPayload(before.flags, before.segments, environment), {
      random: seeded(1),
      now: () => Date.now(),
    });
    const will = compileSnapshot(toPayload(after.flags, after.segments, environment), {
      random: seeded(1),
      now: () => Date.now(),
    });
    const inBefore = new Set(before.flags.filter((f) => f.environments[environment]).map((f) => f.name));
    const inAfter = new Set(after.flags.filter((f) => f.environments[environment]).map((f) => f.name));
    for (const flag of flags) {
      if (!inBefore.has(flag) && !inAfter.has(flag)) continue;
      let on = 0;
      let onAfter = 0;
      let gained = 0;
      let lost = 0;
      let variantChanged = 0;
      for (const context of contexts) {
        const a = inBefore.has(flag) ? was.evaluate(flag, context) : undefined;
        const b = inAfter.has(flag) ? will.evaluate(flag, context) : undefined;
        const x = a?.enabled === true;
        const y = b?.enabled === true;
        if (x) on++;
        if (y) onAfter++;
        if (!x && y) gained++;
        if (x && !y) lost++;
        if (x && y && a!.variant.name !== b!.variant.name) variantChanged++;
      }
      if (gained || lost || variantChanged)
        impacts.push({
          flag,
          environment,
          sample: size,
          before: on / size,
          after: onAfter / size,
          gained: gained / size,
          lost: lost / size,
          variantChanged: variantChanged / size,
        });
    }
  }
  return impacts;
}

const pct = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** "+12% of users in production would now get the flag (30% → 42%)". */
export function describeImpact(impact: Impact): string {
  const parts: string[] = [];
  if (impact.gained)
    parts.push(`+${pct(impact.gained)} of users in ${impact.environment} would now get the flag`);
  if (impact.lost) parts.push(`−${pct(impact.lost)} of users in ${impact.environment} would lose it`);
  if (impact.variantChanged) parts.push(`${pct(impact.variantChanged)} would get another variant`);
  return `${parts.join('; ')} (${pct(impact.before)} → ${pct(impact.after)} of ${impact.sample} sample contexts)`;
}
