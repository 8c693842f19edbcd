import { Group, Text } from '@mantine/core';
import type { HourBucket } from './flag-usage.ts';

const WIDTH = 480;
const HEIGHT = 120;
const time = (date: Date) => date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const day = (date: Date) => date.toLocaleDateString([], { weekday: 'short', hour: '2-digit' });

/** Evaluations per hour as stacked bars: on (green) over off (grey). */
export function UsageChart({ buckets, label }: { buckets: HourBucket[]; label: string }) {
  const peak = Math.max(1, ...buckets.map((b) => b.yes + b.no));
  const busiest = buckets.reduce((best, b) => (b.yes + b.no > best.yes + best.no ? b : best), buckets[0]!);
  const yes = buckets.reduce((sum, b) => sum + b.yes, 0);
  const no = buckets.reduce((sum, b) => sum + b.no, 0);
  const barWidth = WIDTH / buckets.length;
  const summary =
    yes + no === 0
      ? `${label}: no evaluations in the last ${buckets.length} hours`
      : `${label}: ${yes.toLocaleString()} on and ${no.toLocaleString()} off in the last ${buckets.length} hours; busiest hour ${time(busiest.hour)} with ${(busiest.yes + busiest.no).toLocaleString()}`;
  return (
    <div>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={HEIGHT}
        style={{ display: 'block', background: 'var(--mantine-color-default-hover)' }}
      >
        {buckets.map((bucket, i) => {
          const yesHeight = (bucket.yes / peak) * HEIGHT;
          const noHeight = (bucket.no / peak) * HEIGHT;
          return (
            <g key={bucket.hour.getTime()}>
              <title>{`${time(bucket.hour)}: ${bucket.yes} on, ${bucket.no} off`}</title>
              <rect
                x={i * barWidth + 1}
                width={barWidth - 2}
                y={HEIGHT - noHeight}
                height={noHeight}
                fill="var(--mantine-color-gray-5)"
              />
              <rect
                x={i * barWidth + 1}
                width={barWidth - 2}
                y={HEIGHT - noHeight - yesHeight}
                height={yesHeight}
                fill="var(--mantine-color-green-7)"
                data-testid="on-bar"
              />
            </g>
          );
        })}
      </svg>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {day(buckets[0]!.hour)}
        </Text>
        <Text size="xs" c="dimmed">
          peak {peak.toLocaleString()} per hour
        </Text>
        <Text size="xs" c="dimmed">
          now
        </Text>
      </Group>
    </div>
  );
}
