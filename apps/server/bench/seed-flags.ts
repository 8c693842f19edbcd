/** A realistic mix of flags for benchmarks: rollouts, constraints, variants with payloads, some disabled. */
export type SeedFlag = {
  name: string;
  enabled: boolean;
  strategy: { name: string; parameters: Record<string, string>; constraints: unknown[]; variants: unknown[] };
};

const OPERATORS = [
  { contextName: 'appName', operator: 'IN', values: ['web', 'shop', 'api'] },
  { contextName: 'plan', operator: 'IN', values: ['pro', 'enterprise'] },
  { contextName: 'country', operator: 'NOT_IN', values: ['XX', 'YY'] },
  { contextName: 'email', operator: 'STR_ENDS_WITH', values: ['@example.com', '@example.org'] },
  { contextName: 'age', operator: 'NUM_GTE', value: '18' },
  { contextName: 'version', operator: 'SEMVER_GTE', value: '2.1.0' },
];

/** Payload text sized so 1,000 flags make a client payload of about 560 kB. */
const payloadText = (i: number) =>
  JSON.stringify({ theme: `theme-${i}`, copy: 'x'.repeat(230), weights: [1, 2, 3] });

export function seedFlags(count: number): SeedFlag[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `bench-flag-${String(i).padStart(4, '0')}`;
    const constraints =
      i % 3 === 0
        ? OPERATORS.slice(i % 4, (i % 4) + 1 + (i % 3)).map((c) => ({
            ...c,
            caseInsensitive: false,
            inverted: false,
          }))
        : [];
    const variants =
      i % 5 === 0
        ? Array.from({ length: 2 + (i % 3) }, (_, v) => ({
            name: `v${v}`,
            weight: 0,
            weightType: 'variable',
            stickiness: 'default',
            payload: { type: 'json', value: payloadText(i) },
          }))
        : [];
    return {
      name,
      enabled: i % 10 !== 9,
      strategy: {
        name: 'flexibleRollout',
        parameters: { rollout: String((i * 7) % 101), stickiness: 'default', groupId: name },
        constraints,
        variants,
      },
    };
  });
}
