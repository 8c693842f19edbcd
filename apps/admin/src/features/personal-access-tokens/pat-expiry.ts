/** How long a new token lives: one of the presets counted in days from today, or a day the user picks. */
export type ExpiryChoice = { preset: string; date: string };

export const CUSTOM = 'custom';

export const EXPIRY_PRESETS = [
  { value: '30', label: '30 days' },
  { value: '60', label: '60 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: CUSTOM, label: 'Custom date' },
];

export const DEFAULT_EXPIRY: ExpiryChoice = { preset: '30', date: '' };

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day `days` after `now`, as `YYYY-MM-DD`, the form a date input reads and writes. */
export function dayAfter(now: Date, days: number): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The last second of a `YYYY-MM-DD` day in the user's time zone, or undefined for no such day. */
function endOfDay(date: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const end = new Date(year, month, day, 23, 59, 59);
  // new Date() rolls 31 February over into March; a day that does not round-trip does not exist.
  if (end.getFullYear() !== year || end.getMonth() !== month || end.getDate() !== day) return undefined;
  return end;
}

/**
 * When a token chosen this way expires: the end of its last day where the user is, so "30 days" and a picked
 * date both mean "usable through that whole day". A day that has passed is refused here as the server would.
 */
export function patExpiry(
  choice: ExpiryChoice,
  now = new Date(),
): { expiresAt: string; day: string } | { problem: string } {
  const day = choice.preset === CUSTOM ? choice.date : dayAfter(now, Number(choice.preset));
  if (!day) return { problem: 'Pick the day the token expires' };
  const end = endOfDay(day);
  if (!end) return { problem: 'Pick a valid date' };
  if (end.getTime() <= now.getTime())
    return { problem: 'That date is in the past: pick today or a later day' };
  return { expiresAt: end.toISOString(), day };
}
