/** The analytics screen's lifecycle figures: pure rules over the times flags entered each stage. */

export const DAY_MS = 24 * 60 * 60 * 1000;

export type StageGroup = 'develop' | 'production' | 'cleanup';
export const STAGE_GROUPS: StageGroup[] = ['develop', 'production', 'cleanup'];

/** A flag now in a stage, with its type and the days since it entered the stage. */
export type StageFlag = { stage: string; type: string; days: number };

/**
 * When a flag entered each stage that starts a group, as recorded; a stage it never reached is null. Pre-live needs
 * no time of its own: the develop group starts at creation, whichever of its stages came next.
 */
export type StageTimes = {
  initial: Date;
  live: Date | null;
  completed: Date | null;
  archived: Date | null;
};

/** Unleash's type categories: experiment is experimental; operational, kill-switch and permission are permanent. */
const CATEGORY: Record<string, 'experimental' | 'permanent' | 'release'> = {
  experiment: 'experimental',
  release: 'release',
  operational: 'permanent',
  'kill-switch': 'permanent',
  permission: 'permanent',
};

export const STAGE_GROUP: Record<string, StageGroup> = {
  initial: 'develop',
  'pre-live': 'develop',
  live: 'production',
  completed: 'cleanup',
};

/** The median, to one decimal as the screen shows days; 0 for no values (the screen's "no data"). */
export function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 10) / 10;
}

/**
 * Days each flag spent in each stage group it has left (decision 0065): from the earliest time it entered a stage of
 * the group until the earliest time, not before that, it entered a stage of a later group (archiving included).
 * A flag still in the group, or that never entered it, adds nothing.
 */
export function daysInGroupsLeft(flags: StageTimes[]): Record<StageGroup, number[]> {
  const spans: Record<StageGroup, number[]> = { develop: [], production: [], cleanup: [] };
  for (const flag of flags) {
    const entered: Record<StageGroup, Date | null> = {
      develop: flag.initial,
      production: flag.live,
      cleanup: flag.completed,
    };
    const later: Record<StageGroup, (Date | null)[]> = {
      develop: [flag.live, flag.completed, flag.archived],
      production: [flag.completed, flag.archived],
      cleanup: [flag.archived],
    };
    for (const group of STAGE_GROUPS) {
      const from = entered[group];
      if (!from) continue;
      const left = later[group]
        .filter((at): at is Date => at !== null && at >= from)
        .sort((a, b) => a.getTime() - b.getTime())[0];
      if (left) spans[group].push((left.getTime() - from.getTime()) / DAY_MS);
    }
  }
  return spans;
}

/** One stage group's tile: the flags now in it by type category, and the median days now and historically. */
export function stageTrend(flags: StageFlag[], historicalDays: number[]) {
  const category = () => ({ flagsOlderThanWeek: 0, newFlagsThisWeek: 0 });
  const categories = { experimental: category(), permanent: category(), release: category() };
  for (const flag of flags) {
    const into = categories[CATEGORY[flag.type] ?? 'release'];
    if (flag.days <= 7) into.newFlagsThisWeek += 1;
    else into.flagsOlderThanWeek += 1;
  }
  return {
    categories,
    medianDaysHistorically: median(historicalDays),
    medianDaysInCurrentStage: median(flags.map((flag) => flag.days)),
    totalFlags: flags.length,
  };
}
