/** A kind of flag (release, experiment, ...) and how long such flags are expected to live. */
export type FlagType = {
  id: string;
  name: string;
  description: string;
  /** Days until a flag of this type is considered potentially stale; null when it never is. */
  lifetimeDays: number | null;
};

/** The order Unleash lists the built-in types in; any other type comes after, by id. */
export const FLAG_TYPE_ORDER: readonly string[] = [
  'release',
  'experiment',
  'operational',
  'kill-switch',
  'permission',
];

/** Unleash treats a lifetime of 0 days as "never stale", the same as null. */
export const toLifetime = (days: number | null): number | null => (days === 0 ? null : days);
