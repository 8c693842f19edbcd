import { mentionFlag } from '../../../http/project-mention.ts';

/** One flag strategy that uses something from the catalog: a segment, a context field or a definition. */
export type StrategyUse = {
  id: string;
  flagName: string;
  project: string;
  strategyName: string;
  environment: string;
};

export type StrategyUseRow = {
  id: string;
  flag_name: string;
  project_id: string;
  strategy_name: string;
  environment_name: string;
};

/** Selects the columns of a StrategyUseRow from `flag_strategies fs JOIN flags f`. */
export const STRATEGY_USE_COLUMNS =
  'fs.id, fs.flag_name, f.project_id, fs.strategy_name, fs.environment_name';

export const toStrategyUse = (row: StrategyUseRow): StrategyUse => ({
  id: row.id,
  flagName: row.flag_name,
  project: row.project_id,
  strategyName: row.strategy_name,
  environment: row.environment_name,
});

export const toStrategyUseResponse = (use: StrategyUse) => ({
  id: use.id,
  projectId: use.project,
  featureName: use.flagName,
  strategyName: use.strategyName,
  environment: use.environment,
});

/**
 * `"a", "b" and 3 more`: messages that refuse a change name the flags in the way, each as a mention of its project's
 * flag, so a reader outside a private project reads "a flag in another project" (http/project-mention.ts).
 */
export function nameFlags(uses: readonly { flagName: string; project: string }[], shown = 5): string {
  const names = [...new Set(uses.map((use) => mentionFlag(use.project, use.flagName)))];
  const listed = names.slice(0, shown).join(', ');
  return names.length > shown ? `${listed} and ${names.length - shown} more` : listed;
}
