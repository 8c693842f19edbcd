import { Text } from '@mantine/core';

export type DayCount = { date: string; count: number };

const WEEKS = 12;
const DAY_MS = 86_400_000;

/** Events per week for the last `WEEKS` weeks ending at `today` (UTC days), oldest first. */
export function weeklyCounts(days: DayCount[], today: Date): number[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const weeks = new Array<number>(WEEKS).fill(0);
  for (const day of days) {
    const age = Math.floor((end - Date.parse(`${day.date.slice(0, 10)}T00:00:00Z`)) / DAY_MS);
    const week = WEEKS - 1 - Math.floor(age / 7);
    if (age >= 0 && week >= 0) weeks[week]! += day.count;
  }
  return weeks;
}

/** A bar per week of the project's activity; the numbers are in the label for screen readers. */
export function ProjectActivityChart({ days, today = new Date() }: { days: DayCount[]; today?: Date }) {
  const weeks = weeklyCounts(days, today);
  const highest = Math.max(1, ...weeks);
  const total = weeks.reduce((sum, count) => sum + count, 0);
  const label = `Events per week over the last ${WEEKS} weeks, oldest first: ${weeks.join(', ')}`;
  return (
    <div>
      <svg role="img" aria-label={label} viewBox={`0 0 ${WEEKS * 20} 60`} width="100%" height={80}>
        {weeks.map((count, index) => {
          const height = Math.round((count / highest) * 56);
          return (
            <rect
              key={index}
              x={index * 20 + 3}
              y={58 - height}
              width={14}
              height={Math.max(height, 1)}
              rx={2}
              fill="var(--mantine-color-teal-7)"
            >
              <title>{`${count} events`}</title>
            </rect>
          );
        })}
      </svg>
      <Text size="xs" c="dimmed">
        {total} events in the last {WEEKS} weeks
      </Text>
    </div>
  );
}
