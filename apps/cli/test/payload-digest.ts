import { createHash } from 'node:crypto';

type Wire = Record<string, unknown>;
const list = (value: unknown): Wire[] => (Array.isArray(value) ? (value as Wire[]) : []);

/** A JSON text with object keys sorted, so equal values print equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Wire).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/**
 * The digest of a Client API payload as two servers agree on it when they serve the same: flags by name, strategy
 * ids left out (each server makes its own), segments by name and constraints instead of their ids.
 */
export function payloadDigest(payload: { features: Wire[]; segments?: Wire[] }): string {
  const segments = new Map(
    list(payload.segments).map((s) => [Number(s.id), { name: s.name, constraints: s.constraints }]),
  );
  const features = [...payload.features]
    .sort((a, b) => String(a.name).localeCompare(String(b.name)))
    .map((f) => ({
      name: f.name,
      type: f.type,
      enabled: f.enabled,
      stale: f.stale ?? false,
      impressionData: f.impressionData ?? false,
      project: f.project,
      strategies: list(f.strategies).map(({ id: _id, segments: ids, ...s }) => ({
        ...s,
        segments: list(ids).map((id) => segments.get(Number(id)) ?? `missing ${String(id)}`),
      })),
      variants: f.variants ?? [],
      dependencies: f.dependencies ?? [],
    }));
  return createHash('sha256').update(canonical(features)).digest('hex');
}

/** The Client API payload a current SDK reads with this token. */
export async function clientPayload(url: string, token: string) {
  const response = await fetch(`${url}/api/client/features`, {
    headers: { authorization: token, 'unleash-client-spec': '5.2.0' },
  });
  if (!response.ok) throw new Error(`client features → ${response.status}`);
  return (await response.json()) as { features: Wire[]; segments?: Wire[] };
}
