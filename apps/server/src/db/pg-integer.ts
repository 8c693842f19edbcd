/** The range of a PostgreSQL `integer` (int4): every id and count column but the metrics counters. */
export const PG_INTEGER = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

export const isPgInteger = (value: number) =>
  Number.isInteger(value) && value >= PG_INTEGER.minimum && value <= PG_INTEGER.maximum;
