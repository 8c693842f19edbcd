import type { Context } from './types.ts';

/** Reads one context field as a string; undefined when absent or null. */
export type FieldReader = (context: Context) => string | undefined;

function asString(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  return value instanceof Date ? value.toISOString() : String(value);
}

function ownValue(record: object | undefined | null, key: string): unknown {
  // Own keys only, so names such as "constructor" never resolve to inherited members.
  return record !== undefined && record !== null && Object.hasOwn(record, key)
    ? (record as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The value a constraint, override or stickiness setting sees for `field`, as a string.
 * Like the Node SDK (and so the real Frontend API), a root key wins and `properties` is the fallback for
 * every name, so `properties.userId` works too; null and undefined both mean "missing".
 */
export function resolveContextValue(context: Context, field: string): string | undefined {
  return asString(ownValue(context, field) ?? ownValue(context.properties, field));
}

/** A reader bound to one field name, built once per constraint or variant list. */
export function createFieldReader(field: string): FieldReader {
  return (context) => resolveContextValue(context, field);
}

/** A root id field as a string, or undefined when absent or empty (empty ids never count as stickiness). */
export function rootId(
  context: Context,
  field: 'userId' | 'sessionId' | 'remoteAddress',
): string | undefined {
  // A plain read: no object's prototype has these three names, so the own-keys check is not needed here, and
  // this runs for every flag of every evaluation.
  const raw = (context as Record<string, unknown>)[field];
  const value = typeof raw === 'string' ? raw : asString(raw);
  return value === '' ? undefined : value;
}

/**
 * The time a DATE_* constraint compares, in epoch milliseconds, or NaN when the value does not parse.
 * A missing `currentTime` means now; another missing field means "no value" (undefined).
 */
export function readTime(
  context: Context,
  field: string,
  now: () => number,
  parse: (text: string) => number,
): number | undefined {
  const raw = ownValue(context, field) ?? ownValue(context.properties, field);
  if (raw === undefined || raw === null || raw === '') return field === 'currentTime' ? now() : undefined;
  if (raw instanceof Date) return raw.getTime();
  if (typeof raw === 'number') return raw;
  return parse(String(raw));
}
