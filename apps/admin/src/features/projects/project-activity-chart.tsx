import { BarChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';

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

/** The first UTC day of each of the `WEEKS` weeks that `weeklyCounts` counts, as "Mar 4", oldest first. */
export function weekStarts(today: Date): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: WEEKS }, (_, index) =>
    new Date(end - ((WEEKS - 1 - index) * 7 + 6) * DAY_MS).toLocaleDateString('en', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
  );
}

/** A bar per week of the project's activity, with a time axis and a count axis; the numbers are in the label too. */
export function ProjectActivityChart({ days, today = new Date() }: { days: DayCount[]; today?: Date }) {
  const weeks = weeklyCounts(days, today);
  const starts = weekStarts(today);
  const total = weeks.reduce((sum, count) => sum + count, 0);
  const label = `Events per week over the last ${WEEKS} weeks, oldest first: ${weeks.join(', ')}`;
  const data = weeks.map((events, index) => ({ week: starts[index]!, events }));
  return (
    <Stack gap={4}>
      <div role="img" aria-label={label}>
        <BarChart
          h={160}
          data={data}
          dataKey="week"
          series={[{ name: 'events', label: 'Events', color: 'teal.7' }]}
          xAxisLabel="Week starting"
          yAxisLabel="Events"
          yAxisProps={{ allowDecimals: false, width: 40 }}
          xAxisProps={{ minTickGap: 8 }}
        />
      </div>
      <Text size="xs" c="dimmed">
        {total} events in the last {WEEKS} weeks
      </Text>
    </Stack>
  );
}
