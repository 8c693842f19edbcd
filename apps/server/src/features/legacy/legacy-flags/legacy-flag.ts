import type { Constraint, Flag, Variant } from '../../flag-model/flags/flag.ts';

/** A flag as the v1 Admin API showed it: one environment's state and strategies stand for the whole flag. */
export type LegacyFlag = Flag & {
  /** The environment `enabled`, `strategies` and `variants` come from; null when the project has none enabled. */
  environment: string | null;
  enabled: boolean;
  strategies: { name: string; parameters: Record<string, string>; constraints: Constraint[] }[];
  variants: Variant[];
};
