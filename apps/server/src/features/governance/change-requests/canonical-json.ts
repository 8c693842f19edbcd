/**
 * JSON with object keys sorted and undefined members left out, so equal states give equal text whatever order jsonb
 * returned their keys in: for comparing a snapshot with the state now, and for digests of a request's result.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value));
}

const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, sorted(v)]),
        )
      : value;
