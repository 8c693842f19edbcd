/**
 * How long a milestone may run before the next one starts by itself: whole minutes, at least one, at most a year (a
 * longer wait is a plan nobody is watching). The server's schemas and the admin UI's forms both hold to these.
 */
export const MIN_INTERVAL_MINUTES = 1;
export const MAX_INTERVAL_MINUTES = 525_600;

/** Why a milestone's interval cannot be stored, or undefined when it can. */
export function intervalMinutesProblem(minutes: number): string | undefined {
  if (!Number.isInteger(minutes) || minutes < MIN_INTERVAL_MINUTES || minutes > MAX_INTERVAL_MINUTES)
    return `Whole minutes from ${MIN_INTERVAL_MINUTES} to ${MAX_INTERVAL_MINUTES}`;
  return undefined;
}
