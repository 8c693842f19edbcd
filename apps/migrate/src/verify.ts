import { createHash } from 'node:crypto';
import { compileSnapshot, type ClientFeatures, type Context } from '@switchyard/evaluation';
import type { AdminClient } from './admin-client.ts';
import type { ApiToken, ContextField } from './snapshot.ts';
import { canonical, toConstraint, toStrategy, toVariant } from './wire.ts';

type Wire = Record<string, unknown>;
const list = <T = Wire>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export type TokenCheck = {
  token: string;
  sourceDigest: string;
  targetDigest: string;
  /** Flags whose definitions differ, or that only one side serves. */
  differentFlags: string[];
  /** For each differing flag, both normalised definitions (absent: "none"). */
  differences: { flag: string; source: string; target: string }[];
  evaluations: number;
  /** `flag for context: source … target …` for each evaluation that disagrees. */
  differentResults: string[];
  /** Segments, by name, that the served flags use on one side only or with other constraints. */
  differentSegments: string[];
  /** Segments the target serves that none of its served flags use: none, by Switchyard's rule. */
  unusedTargetSegments: string[];
};

/**
 * The segments a payload's flags use, by name, with their canonical constraints; and the names of those it serves
 * that no flag uses. Unleash serves every segment some strategy uses in any project, Switchyard only those the
 * served flags use (decision record 0024), so the two lists are compared through the flags, never as they come.
 */
export function segmentUse(payload: ClientFeatures): { used: Map<string, string>; unused: string[] } {
  const served = list(payload.segments);
  const ids = new Set<number>();
  for (const raw of list(payload.features))
    for (const strategy of list(raw.strategies))
      for (const id of list(strategy.segments)) ids.add(Number(id));
  const used = new Map<string, string>();
  const unused: string[] = [];
  for (const segment of served) {
    const name = String(segment.name ?? `#${String(segment.id)}`);
    if (ids.has(Number(segment.id))) used.set(name, canonical(list(segment.constraints).map(toConstraint)));
    else unused.push(name);
    ids.delete(Number(segment.id));
  }
  // A segment a flag names but the payload lacks: the SDK cannot evaluate that strategy.
  for (const id of ids) used.set(`#${id}`, 'missing from the payload');
  return { used, unused: unused.sort() };
}

/**
 * A client payload in a form that two servers agree on when they mean the same: flags sorted by name, strategy
 * and segment ids dropped (each server numbers its own), segments referenced by their constraints, descriptions
 * and timestamps left out.
 */
export function normalisePayload(payload: ClientFeatures): Map<string, string> {
  const segments = new Map(
    list(payload.segments).map((s) => [Number(s.id), canonical(list(s.constraints).map(toConstraint))]),
  );
  const flags = new Map<string, string>();
  for (const raw of list(payload.features)) {
    const strategies = list(raw.strategies).map((s) => toStrategy(s, segments));
    flags.set(
      String(raw.name),
      canonical({
        name: raw.name,
        type: raw.type ?? 'release',
        project: raw.project ?? 'default',
        enabled: raw.enabled === true,
        stale: raw.stale === true,
        impressionData: raw.impressionData === true,
        strategies: strategies.map((s) => ({ ...s, title: null })),
        variants: list(raw.variants).map((v) => ({ ...toVariant(v), weight: Number(v.weight ?? 0) })),
        dependencies: list(raw.dependencies).map((d) => ({
          feature: d.feature,
          enabled: d.enabled !== false,
          variants: list(d.variants),
        })),
      }),
    );
  }
  return flags;
}

export function digest(flags: Map<string, string>): string {
  const hash = createHash('sha256');
  for (const name of [...flags.keys()].sort()) hash.update(flags.get(name)!).update('\n');
  return hash.digest('hex').slice(0, 16);
}

/** Contexts that exercise user ids, sessions, addresses and every legal value of every context field. */
export function sampleContexts(fields: ContextField[], count = 40): Context[] {
  const contexts: Context[] = [];
  for (let i = 0; i < count; i++) {
    const properties: Record<string, string> = {};
    for (const field of fields) {
      const value = field.legalValues[i % Math.max(field.legalValues.length, 1)]?.value;
      if (value !== undefined) properties[field.name] = value;
    }
    contexts.push({
      userId: String(i + 1),
      sessionId: `session-${i * 7}`,
      remoteAddress: `10.0.${i % 4}.${i + 1}`,
      appName: 'migrate-verify',
      currentTime: new Date(Date.UTC(2026, i % 12, 1 + (i % 28))).toISOString(),
      properties,
      ...properties,
    });
  }
  return contexts;
}

/** For each client token: the two servers' payload digests and, on a sample of contexts, their evaluations. */
export async function verify(
  source: AdminClient,
  target: AdminClient,
  tokens: ApiToken[],
  contextFields: ContextField[],
): Promise<TokenCheck[]> {
  const checks: TokenCheck[] = [];
  const contexts = sampleContexts(contextFields);
  const fixed = { hostname: 'migrate-verify', random: () => 0.5, now: () => Date.UTC(2026, 5, 1) };
  for (const token of tokens) {
    if (token.type !== 'client' || !token.secret) continue;
    const [before, after] = await Promise.all([
      source.client<ClientFeatures>('/api/client/features', token.secret),
      target.client<ClientFeatures>('/api/client/features', token.secret),
    ]);
    const a = normalisePayload(before);
    const b = normalisePayload(after);
    const names = [...new Set([...a.keys(), ...b.keys()])].sort();
    const differentFlags = names.filter((name) => a.get(name) !== b.get(name));
    const segmentsA = segmentUse(before);
    const segmentsB = segmentUse(after);
    const differentSegments = [...new Set([...segmentsA.used.keys(), ...segmentsB.used.keys()])]
      .sort()
      .filter((name) => segmentsA.used.get(name) !== segmentsB.used.get(name));

    const engineA = compileSnapshot(before, fixed);
    const engineB = compileSnapshot(after, fixed);
    const differentResults: string[] = [];
    let evaluations = 0;
    for (const name of names) {
      for (const [index, context] of contexts.entries()) {
        evaluations++;
        const x = engineA.evaluate(name, context);
        const y = engineB.evaluate(name, context);
        const left = canonical({
          enabled: x.enabled,
          variant: x.variant.name,
          payload: x.variant.payload ?? null,
        });
        const right = canonical({
          enabled: y.enabled,
          variant: y.variant.name,
          payload: y.variant.payload ?? null,
        });
        if (left !== right)
          differentResults.push(`${name} for context ${index + 1}: source ${left}, target ${right}`);
      }
    }
    checks.push({
      token: token.tokenName,
      sourceDigest: digest(a),
      targetDigest: digest(b),
      differentFlags,
      differences: differentFlags.map((flag) => ({
        flag,
        source: a.get(flag) ?? 'none',
        target: b.get(flag) ?? 'none',
      })),
      evaluations,
      differentResults,
      differentSegments,
      unusedTargetSegments: segmentsB.unused,
    });
  }
  return checks;
}
