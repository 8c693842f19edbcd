import type { Db } from '../../../db/db.ts';

export type VariantWeight = { name: string; weight: number };

/**
 * The variants users are split into in a flag environment, with their weights: the first strategy's variants
 * where a strategy has its own (they win during evaluation), else the flag environment's.
 */
export async function variantWeights(
  db: Db,
  flagName: string,
  environment: string,
): Promise<VariantWeight[]> {
  const rows = await db.query<{ variants: { name: string; weight: number }[] }>(
    `SELECT variants FROM (
       SELECT variants, 0 AS rank, sort_order FROM flag_strategies
        WHERE flag_name = $1 AND environment_name = $2 AND NOT disabled AND jsonb_array_length(variants) > 0
       UNION ALL
       SELECT variants, 1, 0 FROM flag_environments WHERE flag_name = $1 AND environment_name = $2
     ) candidates ORDER BY rank, sort_order LIMIT 1`,
    [flagName, environment],
  );
  const variants = rows[0]?.variants ?? [];
  const total = variants.reduce((sum, each) => sum + (each.weight || 0), 0);
  return variants.map((each) => ({ name: each.name, weight: total > 0 ? each.weight || 0 : 1 }));
}
