import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { applyDelta } from '@switchyard/evaluation';

/**
 * The Unleash client specification's files, and loading one into a server through its Admin API: shared by the
 * tests that evaluate the cases server-side (in process, and through worker processes).
 */
const require = createRequire(import.meta.url);
export const specDir = path.dirname(
  require.resolve('@unleash/client-specification/specifications/index.json'),
);
export const specFiles: string[] = JSON.parse(readFileSync(path.join(specDir, 'index.json'), 'utf8'));

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
export type Spec = {
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

/**
 * States the Admin API refuses on purpose (invalid data: an unknown operator, a non-strict semver, a regex RE2
 * rejects, an invalid address in a CIDR list, a segment that does not exist, dependency chains Unleash forbids),
 * and flags that depend on a refused one. Anything else refused fails the test.
 */
export const ALLOWED_REFUSALS = new Set([
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

/** An Admin API call as the loader needs it: in process (`app.inject`) or over HTTP. */
export type AdminCall = (options: {
  method: 'POST' | 'PUT';
  url: string;
  payload?: unknown;
}) => Promise<{ statusCode: number; body: string; json(): unknown }>;

export function readSpec(file: string): Spec {
  return JSON.parse(readFileSync(path.join(specDir, file), 'utf8'));
}

/**
 * Loads a file's state (segments, flags, strategies, variants, dependencies) into development of project default.
 * Returns the flags the Admin API refused (and those depending on one), each also described in `refusals`.
 */
export async function loadSpec(admin: AdminCall, spec: Spec, refusals: string[]): Promise<Set<string>> {
  const state = spec.state.events
    ? applyDelta(undefined, { events: spec.state.events } as never)
    : spec.state;
  const refused = new Set<string>();
  const segmentIds = new Map<number, number>();
  for (const segment of state.segments ?? []) {
    const response = await admin({
      method: 'POST',
      url: '/api/admin/segments',
      payload: { name: segment.name ?? `segment-${segment.id}`, constraints: segment.constraints },
    });
    if (response.statusCode === 201 || response.statusCode === 200)
      segmentIds.set(segment.id, (response.json() as { id: number }).id);
  }
  const flagUrl = (name: string) => `/api/admin/projects/default/features/${encodeURIComponent(name)}`;
  const must = async (flag: string, options: Parameters<AdminCall>[0]) => {
    const response = await admin(options);
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
      refusals.push(`${spec.name}: ${(error as Error).message.slice(0, 200)}`);
    }
  }
  for (const feature of (state.features ?? []) as Feature[]) {
    for (const dependency of feature.dependencies ?? []) {
      const response = await admin({
        method: 'POST',
        url: `${flagUrl(feature.name)}/dependencies`,
        payload: dependency,
      });
      if (response.statusCode >= 300) {
        refused.add(feature.name);
        refusals.push(
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
  return refused;
}
