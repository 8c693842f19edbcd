/**
 * The Unleash wire format at the edge: its `feature` words and loose optional fields become the snapshot's
 * normalised types, so that two servers' answers compare equal when they mean the same.
 */
import type { ApiToken, Constraint, Strategy, Variant } from './snapshot.ts';

type Wire = Record<string, unknown>;
const list = <T = Wire>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export type WireStrategy = Wire & { sortOrder?: number };

export function toConstraint(c: Wire): Constraint {
  const values = list<unknown>(c.values).map(String);
  return {
    contextName: String(c.contextName ?? ''),
    operator: String(c.operator ?? ''),
    ...(values.length ? { values } : {}),
    ...(typeof c.value === 'string' && c.value !== '' ? { value: c.value } : {}),
    ...(c.inverted === true ? { inverted: true } : {}),
    ...(c.caseInsensitive === true ? { caseInsensitive: true } : {}),
  };
}

export function toVariant(v: Wire): Variant {
  const weightType = typeof v.weightType === 'string' ? v.weightType : 'variable';
  const payload = v.payload as { type?: unknown; value?: unknown } | undefined;
  const overrides = list(v.overrides).map((o) => ({
    contextName: String(o.contextName),
    values: list<unknown>(o.values).map(String),
  }));
  return {
    name: String(v.name),
    // Sent as read: a server that stores variable weights as given must get the source's computed ones.
    weight: Number(v.weight ?? 0),
    weightType,
    stickiness: typeof v.stickiness === 'string' && v.stickiness ? v.stickiness : 'default',
    ...(payload && typeof payload.type === 'string'
      ? { payload: { type: payload.type, value: String(payload.value ?? '') } }
      : {}),
    ...(overrides.length ? { overrides } : {}),
  };
}

export function toStrategy(s: Wire, segmentNames: Map<number, string>): Strategy {
  const parameters: Record<string, string> = {};
  for (const [key, value] of Object.entries((s.parameters ?? {}) as Wire)) parameters[key] = String(value);
  return {
    name: String(s.name ?? s.strategyName),
    title: typeof s.title === 'string' && s.title ? s.title : null,
    disabled: s.disabled === true,
    parameters,
    constraints: list(s.constraints).map(toConstraint),
    variants: list(s.variants).map(toVariant),
    segments: list<unknown>(s.segments)
      .map((id) => segmentNames.get(Number(id)) ?? `#${String(id)}`)
      .sort(),
  };
}

export function toTokenType(raw: string): ApiToken['type'] {
  const type = raw.toLowerCase();
  if (type === 'frontend' || type === 'admin') return type;
  return 'client';
}

/** A strategy as the Admin API takes it, with segment names turned into the target's ids. */
export function toStrategyBody(strategy: Strategy, segmentIds: Map<string, number>) {
  return {
    name: strategy.name,
    ...(strategy.title ? { title: strategy.title } : {}),
    disabled: strategy.disabled === true,
    parameters: strategy.parameters,
    constraints: strategy.constraints.map((c) => ({ values: [], ...c })),
    variants: strategy.variants.map(toVariantBody),
    segments: strategy.segments.map((name) => {
      const id = segmentIds.get(name);
      if (id === undefined) throw new Error(`segment "${name}" is missing on the target`);
      return id;
    }),
  };
}

export function toVariantBody(variant: Variant) {
  return { ...variant };
}

/** A stable JSON text for comparing two values: object keys sorted, array order kept. */
export function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Wire)
        .sort()
        .map((key) => [key, sortKeys((value as Wire)[key])]),
    );
  }
  return value;
}
