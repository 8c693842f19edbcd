/** A time as the reader's locale writes it, or "never" for a time that has not come yet. */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago a time was, in the largest whole unit: "5 minutes ago", "yesterday"; under a minute, "just now". */
export function ago(iso: string, now = Date.now()): string {
  const elapsed = now - Date.parse(iso);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  return 'just now';
}

/** A count with its noun in the right number: "1 administrator", "3 administrators"; `plural` for irregular nouns. */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? singular : plural}`;
}
